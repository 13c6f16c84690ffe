import type { EmbeddedAccount, EmbeddedAccountType } from '@latch/protocol/frame'
import type { AccountController } from '../account/index.ts'
import type { ChainConnection } from '../chains/connection.ts'
import type { ChainAdapter, LinkedAccount } from '../chains/types.ts'
import type { ReadableStore } from '../store.ts'

/** The WalletConnect session as this rule reads it (its code loaded with the session). */
export type WalletConnectSolanaSource = {
  id: string
  solanaAccount():
    | { address: string; chains: readonly string[]; methods: readonly string[] }
    | undefined
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

/**
 * A wallet session that holds a Solana account besides its EVM one (a WalletConnect session that
 * approved the solana namespace, the embedded wallet's user) connects the Solana family too, and
 * ends it when the EVM side ends, so one connect and one disconnect cover both. Returns `sync`,
 * to call once the Solana family has loaded.
 */
export function linkSolanaAccount(deps: LinkSolanaAccountDeps): { sync(): void } {
  let linkedKey: string | undefined

  const current = (): { account: LinkedAccount; type?: EmbeddedAccountType } | undefined => {
    const evm = deps.evm.get()
    if (evm.status !== 'connected') return undefined
    const { walletConnect, embedded } = deps
    if (walletConnect && evm.wallet.id === walletConnect.id) {
      const solana = walletConnect.solanaAccount()
      if (!solana) return undefined
      return {
        account: {
          wallet: evm.wallet,
          address: solana.address,
          chains: solana.chains,
          methods: solana.methods,
          request: (call, caipNetworkId) => walletConnect.request(call, caipNetworkId),
        },
      }
    }
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
  sync()
  return { sync }
}
