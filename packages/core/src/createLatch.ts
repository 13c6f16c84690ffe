import type { CaipNetworkId } from '@latch/protocol'
import { http, type Transport } from 'viem'
import { type AccountController, createAccountController } from './account/index.ts'
import { ChainNotSupportedError } from './adapters/evm/errors.ts'
import { createEvmAdapter, type EvmAdapter, UserRejectedError } from './adapters/evm/index.ts'
import { WALLETCONNECT_CONNECTOR_ID } from './adapters/evm/walletconnect/connector.ts'
import type { WalletOption } from './adapters/types.ts'
import {
  type AlertsController,
  createAlerts,
  KNOWN_ALERTS,
  originNotAllowedAlert,
} from './alerts/index.ts'
import { type ApiClient, createApiClient, HttpStatusError } from './api/client.ts'
import { type BalancesController, createBalances } from './balances/createBalances.ts'
import {
  type ConnectionController,
  createConnection,
  createWalletConnectFlow,
  type WalletLinking,
  type WalletSummary,
} from './connection/index.ts'
import { BALANCE_DECIMALS, RPC_BATCH_SIZE, RPC_TIMEOUT_MS } from './constants.ts'
import { displayMessage } from './displayMessage.ts'
import { EMBEDDED_CONNECTOR_ID } from './embedded/connectorId.ts'
import type { EmbeddedController } from './embedded/createEmbedded.ts'
import { createLazyEmbedded } from './embedded/lazyEmbedded.ts'
import { LatchError } from './errors.ts'
import { createEvents, type EventsController } from './events/index.ts'
import { applyRemoteFeatures, remoteOnrampProviders } from './features/remoteFeatures.ts'
import { truncateBalance } from './format/truncateBalance.ts'
import type { HistoryController, MinedTransaction } from './history/createHistory.ts'
import { createLazyHistory } from './history/lazyHistory.ts'
import { type LazyCode, lazyCode } from './lazy/lazyCode.ts'
import type { LoadsCode } from './lazy/types.ts'
import { createModal, type ModalController } from './modal/index.ts'
import { DEFAULT_NAMES_ZONE, type NamesController } from './names/index.ts'
import { createLazyIdentity } from './names/lazyIdentity.ts'
import { createLazyNames } from './names/lazyNames.ts'
import { createNetworkController, type NetworkController, toViemChain } from './network/index.ts'
import type { OnrampController } from './onramp/createOnramp.ts'
import { DEFAULT_ONRAMP_PROVIDERS } from './onramp/defaults.ts'
import { createLazyOnramp } from './onramp/lazyOnramp.ts'
import { resolveOptions } from './options/index.ts'
import type { CaipNetwork, Features, LatchOptions, ResolvedOptions } from './options/types.ts'
import { isIosSafari, isTelegram } from './platform/platform.ts'
import { createLazyQueryClient } from './query/lazyQueryClient.ts'
import { createRouter, type RouterController } from './router/index.ts'
import {
  createPendingTransactions,
  type PendingTransactionsController,
} from './send/createPendingTransactions.ts'
import type { SendFlowController } from './send/createSendFlow.ts'
import type { SendRequest } from './send/validateSend.ts'
import { createSiwx, type SiwxController } from './siwx/createSiwx.ts'
import { createSnackbar, type SnackbarController } from './snackbar/index.ts'
import {
  createStorage,
  type LatchStorage,
  STORAGE_KEYS,
  type StorageLike,
} from './storage/index.ts'
import { createStore, type ReadableStore } from './store.ts'
import type { SwapController } from './swap/createSwap.ts'
import { createLazySwap } from './swap/lazySwap.ts'
import { createTheme, type ThemeController } from './theme/index.ts'

/** The site's options plus where the kit reaches the Latch server (and, optionally, its frame). */
export type LatchConfig = LatchOptions & {
  /** Where the Latch server runs, e.g. `http://127.0.0.1:8787`. */
  serverUrl: string
  fetch?: typeof fetch
  /** Where the kit remembers things between visits; default localStorage when there is one. */
  storage?: StorageLike
  /**
   * Per EVM chain id, how the kit reaches the chain. Default: the Latch server's JSON-RPC gateway
   * (`POST {serverUrl}/v1?chainId=eip155:<id>&projectId=...`), so the page needs no RPC keys.
   */
  transports?: Record<number, Transport>
  /** Names visitors register: `zone` is the suffix, default `latch.id`. */
  names?: { zone?: string }
}

/** A wallet offered in the modal: one found in the browser, or one from the registry. */
export type ConnectableWallet = WalletSummary & {
  /** The connector to use when the wallet is installed here. */
  connectorId?: string
  homepage?: string | null
  chromeStore?: string | null
  appStore?: string | null
  playStore?: string | null
  /** The app's native scheme, e.g. `metamask://`, for deep links on phones. */
  mobileLink?: string | null
  /** The app's https universal link, for phones without its scheme registered. */
  universalLink?: string | null
  desktopLink?: string | null
  /** Whether the wallet connects over WalletConnect (QR code or deep link). */
  supportsWalletConnect?: boolean
}

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

/** The id recent wallets use for WalletConnect's own QR code (ConnectingWalletConnectBasic). */
export const WALLETCONNECT_WALLET_ID = WALLETCONNECT_CONNECTOR_ID

export type Latch = {
  readonly options: ResolvedOptions
  readonly api: ApiClient
  readonly storage: LatchStorage
  readonly events: EventsController
  readonly alerts: AlertsController
  readonly snackbar: SnackbarController
  /**
   * The `displayMessage` export, reached through the instance: the modal's error boundary reads it
   * here, as importing it into the modal's module graph made the bundler (rolldown) split it and
   * what it imports out of the page's main chunk, 1.1 KiB gzip more before the button shows.
   */
  readonly displayMessage: (error: unknown) => string
  /** The modal's theme: `options.themeMode` and `themeVariables` at first, changeable later. */
  readonly theme: ThemeController
  readonly connection: ConnectionController
  readonly account: AccountController
  readonly network: NetworkController
  readonly router: RouterController
  readonly modal: ModalController
  readonly evm: EvmAdapter
  /** The Tokens tab: balances of the connected account on the active network. */
  readonly balances: BalancesController
  /** The Activity tab: the account's transactions on the active network. */
  readonly history: HistoryController & LoadsCode
  /** Sign-in with the wallet; `enabled` is false without the `siwx` option. */
  readonly siwx: SiwxController
  /** Names: suggestions, registration by signature, resolution. */
  readonly names: NamesController & LoadsCode
  /** Transactions sent from the modal and not yet mined (at most 99). */
  readonly pendingTransactions: PendingTransactionsController
  /** The Swap view: tokens, debounced quotes, approve then swap. */
  readonly swap: SwapController & LoadsCode
  /** Buying crypto: providers, currencies, quotes and the purchase at the provider. */
  readonly onramp: OnrampController & LoadsCode
  /**
   * Sends the native coin or an ERC-20 from the connected wallet (amount, receiver and token are
   * checked first); resolves with the transaction hash once the wallet sent it.
   */
  send(request: SendRequest): Promise<`0x${string}`>
  /**
   * The Send view's flow: its form, review, fee check and result, kept for the instance so it
   * outlives the view (the embedded wallet's approval replaces it meanwhile). Its own chunk:
   * `load()` with the view, then `current()` has it synchronously.
   */
  readonly sendFlow: LazyCode<SendFlowController>
  /** Undefined when the site configured no WalletConnect. */
  readonly walletConnect: LatchWalletConnect | undefined
  /** Email and social login; undefined without the `walletFrameUrl` option. */
  readonly embedded: EmbeddedController | undefined
  /** The features in force: the site's, narrowed by its project's settings once `start()` read them. */
  readonly features: ReadableStore<Features>
  /** Runs once on the client (never on the server): restores the session, checks the origin. */
  start(): Promise<void>
  /** Connects a wallet installed in this browser; the modal closes on success. */
  connectWallet(wallet: ConnectableWallet): Promise<void>
  disconnect(): Promise<void>
  /** Switches the wallet (or, disconnected, the modal) to a network of the site. */
  switchNetwork(network: CaipNetwork): Promise<void>
}

const summary = (wallet: ConnectableWallet): WalletSummary => ({
  id: wallet.id,
  name: wallet.name,
  ...(wallet.imageUrl ? { imageUrl: wallet.imageUrl } : {}),
  ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
})

const fromOption = (option: WalletOption): ConnectableWallet => ({
  id: option.rdns ?? option.id,
  name: option.name,
  connectorId: option.id,
  ...(option.icon ? { imageUrl: option.icon } : {}),
  ...(option.rdns ? { rdns: option.rdns } : {}),
})

/**
 * Creates one Latch instance with its own stores: two instances on a page share nothing.
 * @example const latch = createLatch({ projectId: 'latch-dev', serverUrl, networks: [devnet] })
 */
export function createLatch(config: LatchConfig): Latch {
  const options = resolveOptions(config)
  const events = createEvents()
  const storage = createStorage(config.storage ? { storage: config.storage } : {})
  const alerts = createAlerts()
  const snackbar = createSnackbar()
  const theme = createTheme({
    themeMode: options.themeMode,
    themeVariables: options.themeVariables,
  })
  const connection = createConnection({ storage, events })
  const account = createAccountController()
  const network = createNetworkController(options.networks, options.defaultNetwork)
  let modal: ModalController | undefined
  const router = createRouter({
    closeModal: () => {
      modal?.close()
    },
    hasConnectedAddress: () => account.get().address !== undefined,
  })
  modal = createModal({
    router,
    isConnected: () => account.get().status === 'connected',
    isSignInRequired: () => siwx?.required === true,
    hasSession: () => siwx?.hasSession() === true,
    events,
  })
  const api = createApiClient({
    baseUrl: config.serverUrl,
    projectId: options.projectId,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  })
  const queryClient = createLazyQueryClient()
  const supportedChains = () =>
    queryClient.fetchQuery({
      queryKey: ['supported-chains'],
      queryFn: () => api.supportedChains(),
      staleTime: Number.POSITIVE_INFINITY,
    })
  const isSupported = async (chainId: CaipNetworkId) =>
    (await supportedChains()).http.includes(chainId)
  const balances = createBalances({ api, queryClient, snackbar, isSupported })
  const identity = createLazyIdentity({ api, queryClient, storage, account, isSupported })
  const history = createLazyHistory({
    api,
    queryClient,
    snackbar,
    events,
    activeNetwork: () => network.state.get().activeNetwork?.caipNetworkId,
  })
  const evmNetworks = options.networks.filter((candidate) => candidate.chainNamespace === 'eip155')
  const [firstChain, ...otherChains] = evmNetworks.map(toViemChain)
  if (!firstChain)
    throw new LatchError('Network not found', { details: 'Latch needs at least one EVM network' })
  const gatewayUrl = (chainId: number) => {
    const url = new URL('/v1', config.serverUrl)
    url.searchParams.set('chainId', `eip155:${chainId}`)
    url.searchParams.set('projectId', options.projectId)
    return url.toString()
  }
  const gateway = (chainId: number) =>
    // Calls made in the same tick go as one JSON-RPC batch (at most 1000 calls; 10 s timeout).
    http(gatewayUrl(chainId), {
      timeout: RPC_TIMEOUT_MS,
      batch: { batchSize: RPC_BATCH_SIZE },
      retryCount: 1,
    })
  const walletConnectSessionKey = STORAGE_KEYS.connectedConnectorId('eip155')
  const walletConnectOptions = options.walletConnect
  // Email and social login: the state is here, the code loads once a login is offered or restored.
  const embedded = options.walletFrameUrl
    ? createLazyEmbedded({
        frameUrl: options.walletFrameUrl,
        projectId: options.projectId,
        alerts,
        snackbar,
        router,
        modal,
        account,
        storage,
        // Read live: the frame is sent the theme again before a request whenever it changed.
        theme: {
          get themeMode() {
            return theme.state.get().themeMode
          },
          get themeVariables() {
            return theme.state.get().themeVariables
          },
        },
        metadata: options.metadata,
        connect: (method) => connectEmbedded(method),
      })
    : undefined
  const adapter = createEvmAdapter({
    chains: [firstChain, ...otherChains],
    transports: Object.fromEntries(
      [firstChain, ...otherChains].map((chain) => [
        chain.id,
        config.transports?.[chain.id] ?? gateway(chain.id),
      ]),
    ),
    enableEIP6963: options.enableEIP6963,
    enableInjected: options.enableInjected,
    ...(embedded ? { embedded: embedded.connector } : {}),
    storage: {
      getItem: (key) => storage.getItem(`@latch/${key}`) ?? null,
      setItem: (key, value) => storage.setItem(`@latch/${key}`, value),
      removeItem: (key) => storage.removeItem(`@latch/${key}`),
    },
    ...(walletConnectOptions
      ? {
          walletConnect: {
            load: async () => {
              const { initWalletConnectProvider } = await import(
                './adapters/evm/walletconnect/provider.ts'
              )
              return initWalletConnectProvider({
                projectId: walletConnectOptions.projectId,
                relayUrl: walletConnectOptions.relayUrl,
                metadata: { ...options.metadata, icons: [...options.metadata.icons] },
                storagePrefix: 'latch',
              })
            },
            rpcUrl: gatewayUrl,
            hasStoredSession: () =>
              storage.getItem(walletConnectSessionKey) === WALLETCONNECT_CONNECTOR_ID,
            setStoredSession: (stored) => {
              if (stored) storage.setItem(walletConnectSessionKey, WALLETCONNECT_CONNECTOR_ID)
              else storage.removeItem(walletConnectSessionKey)
            },
          },
        }
      : {}),
  })
  const pendingTransactions = createPendingTransactions()
  // A sent transaction is pending until mined; then what the account holds has changed: refresh
  // the Tokens and Activity tabs.
  const evm: EvmAdapter = {
    ...adapter,
    async sendTransaction(transaction) {
      const hash = await adapter.sendTransaction(transaction)
      const current = adapter.connection.get()
      if (current.status === 'connected') {
        const explorer = network.find(`eip155:${current.chainId}`)?.blockExplorers?.default.url
        pendingTransactions.add({
          hash,
          chainId: `eip155:${current.chainId}`,
          ...(explorer ? { explorer } : {}),
        })
      }
      return hash
    },
    async waitForTransaction(hash, chainId) {
      const receipt = await adapter.waitForTransaction(hash, chainId).finally(() => {
        pendingTransactions.remove(hash)
      })
      const current = adapter.connection.get()
      if (current.status === 'connected') {
        void balances.refresh({
          address: current.address,
          chainId: `eip155:${current.chainId}`,
          force: true,
        })
        refreshActivity({
          hash,
          chainId: `eip155:${chainId ?? current.chainId}`,
          address: current.address,
        })
      }
      return receipt
    },
  }

  /**
   * What the account did changed: its native balance and Activity are stale. With the mined
   * transaction, Activity on screen is refreshed until the server lists it.
   */
  function refreshActivity(mined?: MinedTransaction) {
    const current = adapter.connection.get()
    if (current.status !== 'connected') return
    void refreshBalance(current.address, current.chainId)
    void queryClient.invalidateQueries({ queryKey: ['history'] })
    history.refresh(mined)
  }

  // Swap, on-ramp and names keep their state here and load their code with their views.
  const swap = createLazySwap({ api, evm, balances, snackbar, connection: adapter.connection })
  const onramp = createLazyOnramp({
    api,
    connection: adapter.connection,
    balances,
    snackbar,
    refreshActivity,
    activeChainId: () => {
      const active = network.state.get().activeNetwork
      return active?.chainNamespace === 'eip155' ? Number(active.id) : undefined
    },
  })
  const names = createLazyNames({
    api,
    queryClient,
    connection: adapter.connection,
    signMessage: (message) => evm.signMessage(message),
    snackbar,
    identity,
    zone: config.names?.zone?.trim().replace(/^\./, '').toLowerCase() || DEFAULT_NAMES_ZONE,
  })

  async function refreshBalance(address: string, chainId: number): Promise<void> {
    try {
      const balance = await evm.getBalance(address, chainId)
      account.update('eip155', {
        balance: truncateBalance(balance.value, balance.decimals, BALANCE_DECIMALS),
        balanceSymbol: balance.symbol,
      })
    } catch {
      account.update('eip155', { balance: undefined, balanceSymbol: undefined })
    }
  }

  // The wallet is the source of truth: mirror its connection into connection, account and network.
  evm.connection.subscribe((current, previous) => {
    connection.setStatus(current.status)
    if (current.status === 'connected') {
      const explorer = network.find(`eip155:${current.chainId}`)?.blockExplorers?.default.url
      account.update('eip155', {
        status: 'connected',
        address: current.address,
        caipAddress: `eip155:${current.chainId}:${current.address}`,
        connectedWalletInfo:
          embedded && current.wallet.id === EMBEDDED_CONNECTOR_ID
            ? embedded.controller.walletInfo()
            : {
                name: current.wallet.name,
                ...(current.wallet.icon ? { icon: current.wallet.icon } : {}),
              },
        ...(explorer ? { addressExplorerUrl: `${explorer}/address/${current.address}` } : {}),
      })
      network.setWalletNetwork('eip155', current.chainId)
      const moved =
        previous.status !== 'connected' ||
        previous.chainId !== current.chainId ||
        previous.address !== current.address
      if (moved) {
        if (needsSignIn()) modal?.open({ view: 'SIWXSignMessage' })
        void refreshBalance(current.address, current.chainId)
        void identity.load({ address: current.address, chainId: current.chainId })
        void balances.refresh({ address: current.address, chainId: `eip155:${current.chainId}` })
      }
      return
    }
    if (current.status === 'disconnected') {
      balances.reset()
      history.reset()
      identity.reset()
      names.reset()
      account.reset('eip155')
      network.clearWalletNetwork()
      // A session that ended (not a connect attempt that failed) sends an open modal back to Connect.
      if (previous.status === 'connected' && modal?.state.get().open) router.reset('Connect')
      return
    }
    account.update('eip155', { status: current.status })
  })

  // A wallet on a network the site does not list opens UnsupportedChain.
  network.state.subscribe((state, previous) => {
    if (state.unsupported && !previous.unsupported && !options.allowUnsupportedChain) {
      modal?.open({ view: 'UnsupportedChain' })
    } else if (
      !state.unsupported &&
      previous.unsupported &&
      router.state.get().view === 'UnsupportedChain'
    ) {
      modal?.close()
    }
  })

  const siwx = createSiwx({
    options: options.siwx,
    api,
    storage,
    snackbar,
    events,
    alerts,
    activeAccount: () => {
      const current = adapter.connection.get()
      return current.status === 'connected'
        ? { address: current.address, chainId: current.chainId }
        : undefined
    },
    signMessage: (message) => evm.signMessage(message),
    disconnect: () => disconnectWallet(),
    onSignedIn: () => modal?.close(),
    onStartFailed: () => router.reset('Connect'),
  })
  // After connecting, a site with sign-in asks for it on a supported network.
  const needsSignIn = () => siwx.enabled && !siwx.hasSession() && !network.state.get().unsupported

  const walletConnect = evm.walletConnect && createWalletConnect(evm.walletConnect)
  function createWalletConnect(
    connector: NonNullable<EvmAdapter['walletConnect']>,
  ): LatchWalletConnect {
    let chosen: WalletSummary | undefined
    let linked: WalletLinking | undefined
    const isDeduplicated = () => isTelegram() || isIosSafari()
    const flow = createWalletConnectFlow({
      connection,
      isDeduplicated,
      pair: (onUri) => connector.pair(onUri),
      async onApproved() {
        await evm.connect(WALLETCONNECT_CONNECTOR_ID)
        const peer = connector.peer()
        const wallet = chosen ?? {
          id: WALLETCONNECT_WALLET_ID,
          name: 'WalletConnect',
          ...(peer?.icon ? { imageUrl: peer.icon } : {}),
        }
        connection.finalize({
          wallet,
          method: linked ? 'mobile' : 'qrcode',
          ...(linked ? { linking: linked } : {}),
        })
        // Connecting a wallet closes the modal, unless its network is not supported or
        // the site asks for a sign-in.
        if (!network.state.get().unsupported && !needsSignIn()) modal?.close()
      },
    })
    return {
      connect(wallet) {
        chosen = wallet ? summary(wallet) : undefined
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
        connector.abandon()
        if (connection.state.get().status !== 'connected') connection.reset()
      },
    }
  }

  // Email and social login end here, as a wallet connection: closed like other wallets.
  async function connectEmbedded(method: 'email' | 'social'): Promise<void> {
    const active = network.state.get().activeNetwork
    const chainId = active?.chainNamespace === 'eip155' ? Number(active.id) : undefined
    await evm.connect(EMBEDDED_CONNECTOR_ID, chainId ? { chainId } : {})
    events.emit({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: {
        method,
        name: embedded?.controller.walletInfo().name ?? 'Email',
        walletId: EMBEDDED_CONNECTOR_ID,
      },
    })
    if (!network.state.get().unsupported && !needsSignIn()) modal?.close()
  }

  async function send(request: SendRequest): Promise<`0x${string}`> {
    // The checks carry the ERC-20 encoder: loaded with the first send.
    const { validateSend } = await import('./send/validateSend.ts')
    const transaction = validateSend(request)
    return evm.sendTransaction({
      to: transaction.to,
      value: transaction.value,
      ...(transaction.data ? { data: transaction.data } : {}),
    })
  }

  const sendFlow = lazyCode(() =>
    import('./send/createSendFlow.ts').then(({ createSendFlow }) =>
      createSendFlow({
        balances: balances.state,
        connection: evm.connection,
        resolveName: (name) => names.resolve(name),
        estimateFee: (transaction) => evm.estimateFee(transaction),
        nativeBalance: async (address, chainId) => (await evm.getBalance(address, chainId)).value,
        send,
        waitForTransaction: (hash, chainId) => evm.waitForTransaction(hash, chainId),
        network: (chainId) => network.find(`eip155:${chainId}`),
        snackbar,
        router,
        modal: modal as ModalController,
      }),
    ),
  )

  const features = createStore({ current: options.features })
  async function loadRemoteFeatures(): Promise<void> {
    try {
      const config = await api.projectConfig()
      features.set({ current: applyRemoteFeatures(options.features, config.features) })
      onramp.setProviders(remoteOnrampProviders(config.features) ?? DEFAULT_ONRAMP_PROVIDERS)
    } catch {
      // The site's own features stand when the server cannot say, with the default providers.
      onramp.setProviders(DEFAULT_ONRAMP_PROVIDERS)
    }
  }

  async function checkOrigin(): Promise<void> {
    const origin = globalThis.location?.origin
    if (!origin) return
    try {
      await api.projectOrigins()
    } catch (error) {
      // The server refuses a page whose origin the project does not list; other failures count as
      // an empty list and raise nothing.
      if (error instanceof HttpStatusError && error.status === 403)
        alerts.raise(originNotAllowedAlert(origin))
    }
  }

  async function disconnectWallet(): Promise<void> {
    try {
      await evm.disconnect()
      connection.reset()
      await siwx.signOut()
      modal?.close()
    } catch (error) {
      snackbar.showError('Failed to disconnect')
      throw new LatchError('Failed to disconnect', { cause: error })
    }
  }

  let started: Promise<void> | undefined
  return {
    options,
    api,
    storage,
    events,
    alerts,
    snackbar,
    displayMessage,
    theme,
    connection,
    account,
    network,
    router,
    modal,
    evm,
    balances,
    history,
    pendingTransactions,
    siwx,
    swap,
    onramp,
    names,
    send,
    sendFlow,
    walletConnect,
    embedded: embedded?.controller,
    features: {
      get: () => features.get().current,
      subscribe: (listener) =>
        features.subscribe((state, previous) => listener(state.current, previous.current)),
    },
    start() {
      started ??= (async () => {
        if (options.projectIdMissing) {
          alerts.raise(KNOWN_ALERTS.projectIdNotConfigured)
          return
        }
        await Promise.all([
          evm.reconnect().catch(() => undefined),
          checkOrigin(),
          loadRemoteFeatures(),
        ])
      })()
      return started
    },
    async connectWallet(wallet) {
      if (!wallet.connectorId)
        throw new LatchError(`${wallet.name} is not installed in this browser`)
      connection.setRecentWallet(summary(wallet))
      try {
        await evm.connect(wallet.connectorId, {
          chainId: Number(network.state.get().activeNetwork?.id),
        })
      } catch (error) {
        connection.setStatus(evm.connection.get().status)
        throw error
      }
      connection.recordRecentWallet(summary(wallet))
      connection.finalize({ wallet: summary(wallet), method: 'browser' })
      // Connecting a wallet closes the modal, unless its network is not supported or the
      // site asks for a sign-in.
      if (!network.state.get().unsupported && !needsSignIn()) modal?.close()
    },
    disconnect: disconnectWallet,
    async switchNetwork(target) {
      if (account.get().status !== 'connected') {
        network.setActiveNetwork(target)
        router.goBack()
        return
      }
      try {
        await evm.switchNetwork(Number(target.id))
        if (router.state.get().view === 'Networks') router.goBack()
      } catch (error) {
        if (error instanceof ChainNotSupportedError) snackbar.showError('Chain is not supported')
        else if (!(error instanceof UserRejectedError)) snackbar.showError(displayMessage(error))
        throw error
      }
    },
  }
}

export { fromOption as walletFromOption }
