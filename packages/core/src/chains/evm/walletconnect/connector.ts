import type { CreateConnectorFn } from '@wagmi/core'
import { LatchError } from '../../../errors.ts'
import { lazyCode } from '../../../lazy/lazyCode.ts'
import { WALLETCONNECT_CONNECTOR_ID } from './connectorId.ts'
import type { WalletConnectProvider } from './provider.ts'
import type { WalletConnectSession } from './session.ts'

export { WALLETCONNECT_CONNECTOR_ID } from './connectorId.ts'

/** What the wallet says about itself in the session (name and icon shown in the Account view). */
export type WalletConnectPeer = { name: string; icon?: string }

export type WalletConnectConnectorOptions = {
  /** Loads and starts the provider (a separate chunk); called once, on first need. */
  load(): Promise<WalletConnectProvider>
  /** JSON-RPC URL per chain id for the calls the wallet does not answer (reads, gas, ...). */
  rpcUrl(chainId: number): string
  /** Whether a session was stored by an earlier visit: only then is the provider loaded at start. */
  hasStoredSession(): boolean
  setStoredSession(stored: boolean): void
  /** The site's Solana networks (CAIP-2): the proposal asks for the solana namespace too. */
  solanaChains?: readonly string[]
}

/** The Solana account a session approved, with the chains and methods approved for it. */
export type WalletConnectSolanaAccount = {
  address: string
  chains: readonly string[]
  methods: readonly string[]
}

export type WalletConnectConnectorProperties = {
  /** Pairs a new session: `onUri` gets the wc: URI; resolves once the wallet approved. */
  pair(onUri: (uri: string) => void): Promise<void>
  /** The connected wallet's own name and icon, once a session exists. */
  peer(): WalletConnectPeer | undefined
  /** Ends the pairings still waiting for a wallet (the visitor left): their pair() fails quietly. */
  abandon(): void
  /** The session's Solana account, when the wallet approved the solana namespace. */
  solanaAccount(): WalletConnectSolanaAccount | undefined
  /** Sends a call of another namespace (solana_*) to the wallet on `chain` (CAIP-2). */
  request(call: { method: string; params: unknown }, chain: string): Promise<unknown>
}

/**
 * A wagmi connector for WalletConnect on the universal provider, whose code is loaded on first use.
 * Sites may also drive it through wagmi directly: `connect` then pairs and reports the URI as a
 * `display_uri` message.
 */
export function walletConnectConnector(
  options: WalletConnectConnectorOptions,
): CreateConnectorFn<WalletConnectProvider, WalletConnectConnectorProperties> {
  // wagmi's createConnector only returns its argument: written out, the chunk needs none of wagmi.
  return (config) => {
    // The connector's logic (pairing, the session, switching) loads with its first use: a page
    // that never pairs and has no session to restore never fetches it.
    const code = lazyCode(() =>
      import('./session.ts').then(({ createWalletConnectSession }) =>
        createWalletConnectSession(config, options),
      ),
    )
    const run = async <Result>(use: (session: WalletConnectSession) => Promise<Result>) =>
      use(await code.load())
    return {
      id: WALLETCONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'walletConnect',
      pair: (onUri) => run((session) => session.pair(onUri)),
      abandon: () => code.current()?.abandon(),
      peer: () => code.current()?.peer(),
      solanaAccount: () => code.current()?.solanaAccount(),
      request: (call, chain) => run((session) => session.request(call, chain)),
      async connect(parameters) {
        const connected = await run((session) => session.connect(parameters))
        // biome-ignore lint/suspicious/noExplicitAny: wagmi types accounts by its withCapabilities flag
        return connected as any
      },
      async disconnect() {
        const session = code.current()
        // Nothing loaded: no session was restored or paired on this page, only the mark to clear.
        if (session) await session.disconnect()
        else options.setStoredSession(false)
      },
      getAccounts: () => run((session) => session.getAccounts()),
      getChainId: () => run((session) => session.getChainId()),
      async getProvider() {
        const provider = code.current()?.provider()
        if (provider) return provider
        // wagmi asks every connector for its provider at start: load ours only for a stored session.
        if (!options.hasStoredSession()) throw new LatchError('WalletConnect is not in use')
        return run((session) => session.getProvider())
      },
      async isAuthorized() {
        if (!options.hasStoredSession()) return false
        return run((session) => session.isAuthorized()).catch(() => false)
      },
      switchChain: (parameters) => run((session) => session.switchChain(parameters)),
      onAccountsChanged: (accounts) => code.current()?.onAccountsChanged(accounts),
      onChainChanged: (chain) => code.current()?.onChainChanged(chain),
      onDisconnect: () => code.current()?.onDisconnect(),
    }
  }
}
