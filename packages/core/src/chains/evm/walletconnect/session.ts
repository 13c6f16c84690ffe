import { isEvmAddress } from '@latch/protocol/evm-address'
import type { CreateConnectorFn } from '@wagmi/core'
import { type Address, getAddress, numberToHex } from 'viem'
import { LatchError } from '../../../errors.ts'
import { endProposals, pairOn } from './proposals.ts'
import type {
  WalletConnectConnectorOptions,
  WalletConnectProvider,
  WalletConnectSolanaAccount,
} from './types.ts'

/** What wagmi hands a connector: its chains and its event emitter. */
type ConnectorConfig = Parameters<CreateConnectorFn>[0]

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
/** A Solana wallet tells another account with accountsChanged; Solana has no chainChanged. */
const SOLANA_EVENTS = ['accountsChanged']

/** The Solana methods the kit asks for: signing messages and transactions, sending them. */
export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]

/** The Polkadot methods the kit asks for, as WalletConnect's Polkadot RPC names them. */
export const POLKADOT_METHODS = ['polkadot_signTransaction', 'polkadot_signMessage']

/** The namespaces besides eip155 whose accounts other families link. */
export type LinkedNamespace = 'solana' | 'polkadot'

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
  let listening = false
  // The Solana or Polkadot account the wallet last told by accountsChanged, until a session update
  // lists the accounts again: wallets may tell the event alone.
  let told: Partial<Record<LinkedNamespace, string>> = {}

  const chainIds = config.chains.map((chain) => chain.id)

  const linkedChanged = () => hooks.linkedChanged()

  /** Follows the session's Solana and Polkadot sides for their families, whether or not EVM connected. */
  function watchLinked(loaded: WalletConnectProvider) {
    loaded.on('session_event', ({ params }: SessionEvent) => {
      const namespace = params.chainId.split(':')[0]
      if (params.event.name !== 'accountsChanged') return
      if (namespace !== 'solana' && namespace !== 'polkadot') return
      const [first] = Array.isArray(params.event.data) ? (params.event.data as unknown[]) : []
      if (typeof first !== 'string') return
      // `<namespace>:<ref>:<address>` or the bare address.
      told = { ...told, [namespace]: first.slice(first.lastIndexOf(':') + 1) }
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

  const solanaChains = options.solanaChains ?? []
  const polkadotChains = options.polkadotChains ?? []
  // Every namespace optional, as WalletConnect recommends: a wallet approves what it serves.
  const namespaces = () => ({
    eip155: {
      chains: chainIds.map((id) => `eip155:${id}`),
      methods: METHODS,
      events: EVENTS,
      rpcMap: Object.fromEntries(chainIds.map((id) => [String(id), options.rpcUrl(id)])),
    },
    ...(solanaChains.length > 0
      ? { solana: { chains: [...solanaChains], methods: SOLANA_METHODS, events: SOLANA_EVENTS } }
      : {}),
    // Polkadot wallets tell another account with accountsChanged, as Solana ones do.
    ...(polkadotChains.length > 0
      ? {
          polkadot: {
            chains: [...polkadotChains],
            methods: POLKADOT_METHODS,
            events: SOLANA_EVENTS,
          },
        }
      : {}),
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

  // The provider tells every namespace's accounts here, without their namespace: EVM takes its own
  // (a Solana account, base58, is the Solana watcher's).
  const onAccountsChanged = (accounts: string[]) => {
    const evm = accounts.filter((account) => account.startsWith('0x') && isEvmAddress(account))
    if (accounts.length === 0) onDisconnect()
    else if (evm.length > 0)
      config.emitter.emit('change', { accounts: evm.map((account) => getAddress(account)) })
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
