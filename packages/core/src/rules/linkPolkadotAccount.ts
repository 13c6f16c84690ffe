import type { ChainConnection } from '../chains/connection.ts'
import type { ChainAdapter, LinkedAccount } from '../chains/types.ts'
import type { ReadableStore } from '../store.ts'
import { type WalletConnectSolanaSource, walletConnectOption } from './linkSolanaAccount.ts'

/** The WalletConnect session as this rule reads it (its code loaded with the session). */
export type WalletConnectPolkadotSource = Pick<
  WalletConnectSolanaSource,
  'id' | 'namespaces' | 'peer' | 'endSession' | 'request'
> & {
  polkadotAccount():
    | { address: string; chains: readonly string[]; methods: readonly string[] }
    | undefined
  /** Calls `listener` when the session's Polkadot account may have changed; returns the unsubscribe. */
  onPolkadotAccountChange(listener: () => void): () => void
}

export type LinkPolkadotAccountDeps = {
  /** The EVM family's connection: a WalletConnect session approving eip155 connects through it. */
  evm: ReadableStore<ChainConnection>
  /** The Polkadot family, once loaded. */
  polkadot(): ChainAdapter | undefined
  walletConnect: WalletConnectPolkadotSource
}

/**
 * A WalletConnect session that approved the polkadot namespace connects the Polkadot family too:
 * through the EVM connection when the session holds eip155 accounts (one disconnect ends both),
 * on its own when the wallet approved Polkadot without eip155 (disconnecting Polkadot ends the
 * session). Another account told by the wallet is followed. Returns `sync`.
 */
export function linkPolkadotAccount(deps: LinkPolkadotAccountDeps): { sync(): void } {
  const { walletConnect } = deps
  let linkedKey: string | undefined

  const current = (): LinkedAccount | undefined => {
    const evm = deps.evm.get()
    const viaEvm = evm.status === 'connected' && evm.wallet.id === walletConnect.id
    // Without an eip155 namespace no EVM connection holds the session: Polkadot does, alone.
    const alone = !walletConnect.namespaces().includes('eip155')
    const polkadot = viaEvm || alone ? walletConnect.polkadotAccount() : undefined
    if (!polkadot) return undefined
    return {
      wallet: viaEvm ? evm.wallet : walletConnectOption(walletConnect),
      address: polkadot.address,
      chains: polkadot.chains,
      methods: polkadot.methods,
      request: (call, caipNetworkId) => walletConnect.request(call, caipNetworkId),
      ...(viaEvm ? {} : { end: () => walletConnect.endSession() }),
    }
  }

  const sync = () => {
    const polkadot = deps.polkadot()
    if (!polkadot?.link) return
    const next = current()
    const key = next && `${next.wallet.id}:${next.address}`
    if (key === linkedKey) return
    linkedKey = key
    polkadot.link(next)
  }

  deps.evm.subscribe(sync)
  walletConnect.onPolkadotAccountChange(sync)
  sync()
  return { sync }
}
