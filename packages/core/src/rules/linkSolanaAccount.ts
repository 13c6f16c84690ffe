import type { EmbeddedAccount, EmbeddedAccountType } from '@latch/protocol/frame'
import type { AccountController } from '../account/index.ts'
import type { ChainConnection } from '../chains/connection.ts'
import type { ChainAdapter, LinkedAccount, WalletOption } from '../chains/types.ts'
import type { ReadableStore } from '../store.ts'

/** The WalletConnect session as this rule reads it (its code loaded with the session). */
export type WalletConnectSolanaSource = {
  id: string
  solanaAccount():
    | { address: string; chains: readonly string[]; methods: readonly string[] }
    | undefined
  /** The namespaces the session holds accounts in; none without a session. */
  namespaces(): readonly string[]
  /** The wallet's own name and icon, once a session exists. */
  peer(): { name: string; icon?: string } | undefined
  /** Calls `listener` when the session's Solana account may have changed; returns the unsubscribe. */
  onSolanaAccountChange(listener: () => void): () => void
  /** Ends the session with the wallet. */
  endSession(): Promise<void>
  request(call: { method: string; params: unknown }, chain: string): Promise<unknown>
}

/** The embedded wallet (email and social login) as this rule reads it. */
export type EmbeddedSolanaSource = {
  id: string
  /** The signed-in user and their accounts (one per family); no user while signed out. */
  state: ReadableStore<{ user?: { accounts: readonly EmbeddedAccount[] } | undefined }>
  solanaRequest(call: { method: string; params: unknown }, caipNetworkId: string): Promise<unknown>
}

export type LinkSolanaAccountDeps = {
  /** The EVM family's connection: WalletConnect and the embedded wallet connect through it. */
  evm: ReadableStore<ChainConnection>
  /** The Solana family, once loaded (undefined before, or when the site configures none). */
  solana(): ChainAdapter | undefined
  walletConnect?: WalletConnectSolanaSource | undefined
  embedded?: EmbeddedSolanaSource | undefined
  account: Pick<AccountController, 'update'>
}

// The frame answers these after the user approves them on its screen.
const EMBEDDED_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]

/** The WalletConnect wallet as the modal shows it when no EVM connection names it. */
export const walletConnectOption = (
  source: Pick<WalletConnectSolanaSource, 'id' | 'peer'>,
): WalletOption => {
  const peer = source.peer()
  return {
    id: source.id,
    name: peer?.name ?? 'WalletConnect',
    icon: peer?.icon,
    rdns: undefined,
    kind: 'walletConnect',
  }
}

/**
 * A wallet session that holds a Solana account (a WalletConnect session that approved the solana
 * namespace, the embedded wallet's user) connects the Solana family too, and ends it when the
 * EVM side ends, so one connect and one disconnect cover both. A WalletConnect session approved
 * for Solana alone connects the Solana family on its own, and disconnecting that family ends it.
 * Another account told by the wallet is followed. Returns `sync`, to call once the Solana family
 * has loaded.
 */
export function linkSolanaAccount(deps: LinkSolanaAccountDeps): { sync(): void } {
  let linkedKey: string | undefined

  const current = (): { account: LinkedAccount; type?: EmbeddedAccountType } | undefined => {
    const evm = deps.evm.get()
    const { walletConnect, embedded } = deps
    if (walletConnect) {
      const viaEvm = evm.status === 'connected' && evm.wallet.id === walletConnect.id
      // Without an eip155 namespace no EVM connection holds the session: Solana does, alone.
      const alone = !walletConnect.namespaces().includes('eip155')
      const solana = viaEvm || alone ? walletConnect.solanaAccount() : undefined
      if (solana)
        return {
          account: {
            wallet: viaEvm ? evm.wallet : walletConnectOption(walletConnect),
            address: solana.address,
            chains: solana.chains,
            methods: solana.methods,
            request: (call, caipNetworkId) => walletConnect.request(call, caipNetworkId),
            ...(viaEvm ? {} : { end: () => walletConnect.endSession() }),
          },
        }
      if (viaEvm) return undefined
    }
    if (evm.status !== 'connected') return undefined
    if (embedded && evm.wallet.id === embedded.id) {
      const entry = embedded.state
        .get()
        .user?.accounts.find((candidate) => candidate.namespace === 'solana')
      if (!entry) return undefined
      return {
        account: {
          wallet: evm.wallet,
          address: entry.address,
          // The embedded wallet signs on every Solana network of the site.
          chains: [],
          methods: EMBEDDED_METHODS,
          request: (call, caipNetworkId) => embedded.solanaRequest(call, caipNetworkId),
        },
        type: entry.type,
      }
    }
    return undefined
  }

  const sync = () => {
    const solana = deps.solana()
    if (!solana?.link) return
    const next = current()
    const key = next && `${next.account.wallet.id}:${next.account.address}`
    if (key === linkedKey) return
    linkedKey = key
    solana.link(next?.account)
    if (next?.type) deps.account.update('solana', { preferredAccountTypes: { solana: next.type } })
  }

  deps.evm.subscribe(sync)
  deps.embedded?.state.subscribe(sync)
  deps.walletConnect?.onSolanaAccountChange(sync)
  sync()
  return { sync }
}
