import type { CreateConnectorFn } from '@wagmi/core'
import { LatchError } from '../../../errors.ts'
import { lazyCode } from '../../../lazy/lazyCode.ts'
import type {
  WalletConnectConnectorOptions,
  WalletConnectConnectorProperties,
  WalletConnectProvider,
} from '../../../options/walletConnectClient.ts'
import { WALLETCONNECT_CONNECTOR_ID } from './connectorId.ts'
import type { WalletConnectSession } from './session.ts'

export type {
  WalletConnectConnectorOptions,
  WalletConnectConnectorProperties,
  WalletConnectPeer,
  WalletConnectSolanaAccount,
} from '../../../options/walletConnectClient.ts'
export { WALLETCONNECT_CONNECTOR_ID } from './connectorId.ts'

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
    // Kept here, not in the session's chunk, so the Solana and Polkadot families can listen
    // before it loads. One set for both: each listener reads its own namespace's account again.
    const linkedListeners = new Set<() => void>()
    const linkedChanged = () => {
      for (const listener of [...linkedListeners]) listener()
    }
    const listen = (listener: () => void) => {
      linkedListeners.add(listener)
      return () => {
        linkedListeners.delete(listener)
      }
    }
    // The connector's logic (pairing, the session, switching) loads with its first use: a page
    // that never pairs and has no session to restore never fetches it.
    const code = lazyCode(() =>
      import('./session.ts').then(({ createWalletConnectSession }) =>
        createWalletConnectSession(config, options, { linkedChanged }),
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
      polkadotAccount: () => code.current()?.linkedAccount('polkadot'),
      namespaces: () => code.current()?.namespaces() ?? [],
      onSolanaAccountChange: listen,
      onPolkadotAccountChange: listen,
      async endSession() {
        const session = code.current()
        if (session) await session.disconnect()
        else options.setStoredSession(false)
      },
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
