import { isIosSafari, isTelegram } from '../platform/platform.ts'
import type { WalletSummary } from '../router/types.ts'
import type { ConnectableWallet } from './connectableWallet.ts'
import { walletSummary } from './connectableWallet.ts'
import type { ConnectionController } from './createConnection.ts'
import type { WalletLinking } from './types.ts'
import { createWalletConnectFlow } from './walletConnectFlow.ts'

/** The WalletConnect side of an instance: pairing a phone wallet by QR code or deep link. */
export type LatchWalletConnect = {
  /**
   * Pairs and connects, showing the URI in `connection.state`; `wallet` is the one the
   * visitor picked, if any. Resolves once connected (the modal closes).
   */
  connect(wallet?: ConnectableWallet): Promise<void>
  /** Records that the visitor opened the wallet by a deep link: the connection counts as mobile. */
  openLink(linking: WalletLinking): void
  /** The visitor left the WalletConnect view without connecting. */
  leave(): void
}

/**
 * What the family's WalletConnect connector offers: pairing, its peer, the namespaces the approved
 * session holds accounts in, and ending a proposal.
 */
export type WalletConnectPairing = {
  pair(onUri: (uri: string) => void): Promise<void>
  peer(): { name?: string; icon?: string } | undefined
  namespaces(): readonly string[]
  abandon(): void
}

export type LatchWalletConnectDeps = {
  connection: ConnectionController
  pairing: WalletConnectPairing
  /** The id WalletConnect's own QR code is listed under. */
  walletId: string
  /** Connects the approved session's EVM account as the EVM wallet connection. */
  connectSession(): Promise<void>
  closeAfterConnect(): void
}

/** Pairing by QR code or deep link, then the approved session becomes the wallet connection. */
export function createLatchWalletConnect(deps: LatchWalletConnectDeps): LatchWalletConnect {
  const { connection, pairing } = deps
  let chosen: WalletSummary | undefined
  let linked: WalletLinking | undefined
  const isDeduplicated = () => isTelegram() || isIosSafari()
  const flow = createWalletConnectFlow({
    connection,
    isDeduplicated,
    pair: (onUri) => pairing.pair(onUri),
    async onApproved() {
      // A session the wallet approved for Solana alone has no EVM account to connect: the Solana
      // family linked its account as the pairing settled.
      if (pairing.namespaces().includes('eip155')) await deps.connectSession()
      const peer = pairing.peer()
      const wallet = chosen ?? {
        id: deps.walletId,
        name: 'WalletConnect',
        ...(peer?.icon ? { imageUrl: peer.icon } : {}),
      }
      connection.finalize({
        wallet,
        method: linked ? 'mobile' : 'qrcode',
        ...(linked ? { linking: linked } : {}),
      })
      deps.closeAfterConnect()
    },
  })
  return {
    connect(wallet) {
      chosen = wallet ? walletSummary(wallet) : undefined
      linked = undefined
      connection.setRecentWallet(chosen)
      return flow.connect()
    },
    openLink(linking) {
      linked = linking
      connection.setWcLinking(linking)
    },
    leave() {
      flow.stop()
      // On Telegram and iOS Safari the pairing stays for the wallet that is answering it (it
      // still ends at its expiry); elsewhere it ends now, quietly.
      if (isDeduplicated()) return
      pairing.abandon()
      if (connection.state.get().status !== 'connected') connection.reset()
    },
  }
}
