import { numberToHex } from 'viem'
import { LatchError } from '../../../errors.ts'
import type {
  WalletConnectConnectorOptions,
  WalletConnectProvider,
  WalletConnectSolanaAccount,
} from '../../../options/walletConnectClient.ts'
import { endProposals, pairOn } from './proposals.ts'
import { requestedNamespaces } from './requestedNamespaces.ts'
import { evmAccountsOf, type LinkedNamespace, toldAccount } from './sessionAccounts.ts'
import { type ConnectorConfig, walletEvents } from './walletEvents.ts'

export { POLKADOT_METHODS, SOLANA_METHODS } from './requestedNamespaces.ts'
export type { LinkedNamespace } from './sessionAccounts.ts'

/** What the session tells its connector besides wagmi's events. */
export type WalletConnectSessionHooks = {
  /**
   * The session's Solana or Polkadot account may have changed: a session approved, restored,
   * updated or ended, or the wallet telling another account.
   */
  linkedChanged(): void
}

type SessionEvent = { params: { chainId: string; event: { name: string; data: unknown } } }

/**
 * The WalletConnect connector's logic: loading the provider, pairing, the session's accounts and
 * chain, switching, and the wallet's events. Its own chunk, loaded on the connector's first use.
 */
export function createWalletConnectSession(
  config: ConnectorConfig,
  options: WalletConnectConnectorOptions,
  hooks: WalletConnectSessionHooks = { linkedChanged: () => {} },
) {
  let provider: WalletConnectProvider | undefined
  let loading: Promise<WalletConnectProvider> | undefined
  // The Solana or Polkadot account the wallet last told by accountsChanged, until a session update
  // lists the accounts again: wallets may tell the event alone.
  let told: Partial<Record<LinkedNamespace, string>> = {}

  const chainIds = config.chains.map((chain) => chain.id)

  const linkedChanged = () => hooks.linkedChanged()

  /** Follows the session's Solana and Polkadot sides for their families, whether or not EVM connected. */
  function watchLinked(loaded: WalletConnectProvider) {
    loaded.on('session_event', ({ params }: SessionEvent) => {
      const account = toldAccount(params)
      if (!account) return
      told = { ...told, [account.namespace]: account.address }
      linkedChanged()
    })
    loaded.on('session_update', () => {
      told = {}
      linkedChanged()
    })
    loaded.on('session_delete', () => {
      told = {}
      options.setStoredSession(false)
      linkedChanged()
    })
  }

  const load = () => {
    loading ??= options.load().then((loaded) => {
      provider = loaded
      watchLinked(loaded)
      // A session restored from an earlier visit: its Solana account is there at once.
      if (loaded.session) linkedChanged()
      return loaded
    })
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }

  const namespaces = () => requestedNamespaces(chainIds, options)
  const sessionAccounts = (loaded: WalletConnectProvider, chainId?: number) =>
    evmAccountsOf(loaded.session, chainId)

  const currentChainId = async (loaded: WalletConnectProvider): Promise<number> =>
    Number(await loaded.request<number | string>({ method: 'eth_chainId' }))

  const onDisplayUri = (uri: string) =>
    config.emitter.emit('message', { type: 'display_uri', data: uri })

  const { onAccountsChanged, onChainChanged, onDisconnect, listen } = walletEvents(config, options)

  const session = {
    provider: () => provider,

    async pair(onUri: (uri: string) => void) {
      const loaded = await load()
      await pairOn(loaded, namespaces(), onUri)
      // Kept for the next visit now: a session approving Solana alone never connects EVM.
      options.setStoredSession(true)
      told = {}
      linkedChanged()
    },

    abandon() {
      if (provider) endProposals(provider)
    },

    solanaAccount() {
      return session.linkedAccount('solana')
    },
    /** The account the session's `namespace` namespace holds, for the family of that namespace. */
    linkedAccount(namespace: LinkedNamespace) {
      return solanaAccountOf(provider?.session?.namespaces[namespace], told[namespace])
    },
    namespaces(): string[] {
      const namespaces = provider?.session?.namespaces ?? {}
      return Object.keys(namespaces).filter((key) => (namespaces[key]?.accounts.length ?? 0) > 0)
    },
    async request(call: { method: string; params: unknown }, chain: string) {
      const loaded = await load()
      if (!loaded.session) throw new LatchError('WalletConnect is not connected')
      return loaded.request({ method: call.method, params: call.params as object }, chain)
    },
    peer() {
      const metadata = provider?.session?.peer.metadata
      if (!metadata) return undefined
      const icon = metadata.icons?.[0]
      return { name: metadata.name, ...(icon ? { icon } : {}) }
    },

    async connect({
      chainId,
      isReconnecting,
    }: {
      chainId?: number
      isReconnecting?: boolean
    } = {}) {
      const loaded = await load()
      if (!loaded.session) {
        if (isReconnecting) throw new LatchError('No WalletConnect session to restore')
        await pairOn(loaded, namespaces(), onDisplayUri)
        linkedChanged()
      }
      listen(loaded)
      // A session the wallet approved for Solana or Polkadot alone: EVM stays disconnected, the
      // family of that namespace links its account.
      if (!session.namespaces().includes('eip155')) {
        options.setStoredSession(true)
        throw new LatchError('The WalletConnect session holds no EVM account')
      }
      options.setStoredSession(true)
      let current = await currentChainId(loaded)
      if (chainId !== undefined && chainId !== current && !isReconnecting) {
        current = (await session.switchChain({ chainId }).catch(() => undefined))?.id ?? current
      }
      return { accounts: sessionAccounts(loaded, current), chainId: current }
    },

    async disconnect() {
      options.setStoredSession(false)
      const loaded = provider
      if (!loaded?.session) return
      await loaded.disconnect().catch(() => {
        // The session may be gone already (deleted by the wallet, expired): nothing to undo.
      })
      told = {}
      linkedChanged()
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

    async switchChain({ chainId }: { chainId: number }) {
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
  return session
}

export type WalletConnectSession = ReturnType<typeof createWalletConnectSession>

/**
 * The account of a session's solana (or polkadot) namespace (`solana:<ref>:<address>` entries): the first
 * address (the wallet's choice) or `told`, the one the wallet told since by accountsChanged, the
 * chains it is on (every chain of the namespace for a told account it does not list), and the
 * methods approved; undefined without one.
 */
export function solanaAccountOf(
  namespace: { accounts: string[]; methods: string[] } | undefined,
  told?: string,
): WalletConnectSolanaAccount | undefined {
  const entries = (namespace?.accounts ?? []).map((account) => {
    const cut = account.lastIndexOf(':')
    return { chain: account.slice(0, cut), address: account.slice(cut + 1) }
  })
  const [first] = entries
  if (!first || !namespace) return undefined
  const address = told ?? first.address
  const listed = entries.filter((entry) => entry.address === address).map((entry) => entry.chain)
  return {
    address,
    chains: listed.length > 0 ? listed : [...new Set(entries.map((entry) => entry.chain))],
    methods: namespace.methods,
  }
}
