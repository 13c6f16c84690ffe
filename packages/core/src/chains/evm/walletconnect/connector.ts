import { createConnector } from '@wagmi/core'
import { type Address, getAddress, numberToHex } from 'viem'
import { LatchError } from '../../../errors.ts'
import { endProposals, pairOn } from './proposals.ts'
import type { WalletConnectProvider } from './provider.ts'

export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

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
}

/** Methods the kit may ask a WalletConnect wallet for; the wallet approves the subset it supports. */
const METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
]
const EVENTS = ['chainChanged', 'accountsChanged']

export type WalletConnectConnectorProperties = {
  /** Pairs a new session: `onUri` gets the wc: URI; resolves once the wallet approved. */
  pair(onUri: (uri: string) => void): Promise<void>
  /** The connected wallet's own name and icon, once a session exists. */
  peer(): WalletConnectPeer | undefined
  /** Ends the pairings still waiting for a wallet (the visitor left): their pair() fails quietly. */
  abandon(): void
}

/**
 * A wagmi connector for WalletConnect on the universal provider, whose code is loaded on first use.
 * Sites may also drive it through wagmi directly: `connect` then pairs and reports the URI as a
 * `display_uri` message.
 */
export function walletConnectConnector(options: WalletConnectConnectorOptions) {
  let provider: WalletConnectProvider | undefined
  let loading: Promise<WalletConnectProvider> | undefined
  let listening = false

  return createConnector<WalletConnectProvider, WalletConnectConnectorProperties>((config) => {
    const chainIds = config.chains.map((chain) => chain.id)

    const load = () => {
      loading ??= options.load().then((loaded) => {
        provider = loaded
        return loaded
      })
      loading.catch(() => {
        loading = undefined
      })
      return loading
    }

    const namespaces = () => ({
      eip155: {
        chains: chainIds.map((id) => `eip155:${id}`),
        methods: METHODS,
        events: EVENTS,
        rpcMap: Object.fromEntries(chainIds.map((id) => [String(id), options.rpcUrl(id)])),
      },
    })

    const sessionAccounts = (loaded: WalletConnectProvider, chainId?: number): Address[] => {
      const accounts: string[] = loaded.session?.namespaces.eip155?.accounts ?? []
      const onChain = accounts.filter(
        (account) => chainId === undefined || account.startsWith(`eip155:${chainId}:`),
      )
      const picked = onChain.length > 0 ? onChain : accounts
      return [...new Set(picked.map((account) => getAddress(account.split(':')[2] ?? '')))]
    }

    const currentChainId = async (loaded: WalletConnectProvider): Promise<number> =>
      Number(await loaded.request<number | string>({ method: 'eth_chainId' }))

    const onDisplayUri = (uri: string) =>
      config.emitter.emit('message', { type: 'display_uri', data: uri })

    const onAccountsChanged = (accounts: string[]) => {
      if (accounts.length === 0) onDisconnect()
      else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
    }
    const onChainChanged = (chain: string) => {
      config.emitter.emit('change', { chainId: Number(chain) })
    }
    // A session deleted from the wallet's side, or expired, disconnects the page.
    const onDisconnect = () => {
      options.setStoredSession(false)
      config.emitter.emit('disconnect')
    }

    function listen(loaded: WalletConnectProvider) {
      if (listening) return
      listening = true
      loaded.on('accountsChanged', onAccountsChanged)
      loaded.on('chainChanged', onChainChanged)
      loaded.on('session_delete', onDisconnect)
    }

    return {
      id: WALLETCONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'walletConnect',

      async pair(onUri) {
        await pairOn(await load(), namespaces(), onUri)
      },

      abandon() {
        if (provider) endProposals(provider)
      },

      peer() {
        const metadata = provider?.session?.peer.metadata
        if (!metadata) return undefined
        const icon = metadata.icons?.[0]
        return { name: metadata.name, ...(icon ? { icon } : {}) }
      },

      async connect({ chainId, isReconnecting } = {}) {
        const loaded = await load()
        if (!loaded.session) {
          if (isReconnecting) throw new LatchError('No WalletConnect session to restore')
          await pairOn(loaded, namespaces(), onDisplayUri)
        }
        listen(loaded)
        options.setStoredSession(true)
        let current = await currentChainId(loaded)
        if (chainId !== undefined && chainId !== current && !isReconnecting) {
          current = (await this.switchChain?.({ chainId }).catch(() => undefined))?.id ?? current
        }
        // biome-ignore lint/suspicious/noExplicitAny: wagmi types accounts by its withCapabilities flag
        return { accounts: sessionAccounts(loaded, current) as any, chainId: current }
      },

      async disconnect() {
        options.setStoredSession(false)
        const loaded = provider
        if (!loaded?.session) return
        await loaded.disconnect().catch(() => {
          // The session may be gone already (deleted by the wallet, expired): nothing to undo.
        })
      },

      async getAccounts() {
        const loaded = await load()
        return sessionAccounts(loaded, await currentChainId(loaded))
      },

      async getChainId() {
        return currentChainId(await load())
      },

      async getProvider() {
        if (provider) return provider
        // wagmi asks every connector for its provider at start: load ours only for a stored session.
        if (!options.hasStoredSession()) throw new LatchError('WalletConnect is not in use')
        return load()
      },

      async isAuthorized() {
        if (!options.hasStoredSession()) return false
        try {
          const loaded = await load()
          const authorized = loaded.session !== undefined
          if (!authorized) options.setStoredSession(false)
          return authorized
        } catch {
          return false
        }
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((candidate) => candidate.id === chainId)
        if (!chain) throw new LatchError('Chain is not supported')
        const loaded = await load()
        await loaded.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(chainId) }],
        })
        config.emitter.emit('change', { chainId })
        return chain
      },

      onAccountsChanged,
      onChainChanged,
      onDisconnect,
    }
  })
}
