import type { CaipNetworkId } from '@latch/protocol'
import type {
  GrantResponse,
  PermissionRequestInput,
  SessionSummary,
} from '@latch/protocol/smart-sessions'
import type { Transport } from 'viem'
import {
  type AccountController,
  type AccountType,
  createAccountController,
} from './account/index.ts'
import { type AlertsController, createAlerts } from './alerts/index.ts'
import { connectAnalytics } from './analytics/connectAnalytics.ts'
import { analyticsAllowed } from './analytics/privacy.ts'
import { type ApiClient, createApiClient } from './api/client.ts'
import { type BalancesController, createBalances } from './balances/createBalances.ts'
import { createNativeBalanceRefresh } from './balances/refreshNativeBalance.ts'
import type { FamilyWalletsDeps } from './chains/connectFamilies.ts'
import {
  type ActiveAccount,
  type ConnectionsController,
  createConnections,
} from './chains/createConnections.ts'
import {
  createFamilies,
  type FamiliesController,
  type FamilyModule,
} from './chains/createFamilies.ts'
import type { EvmAdapter } from './chains/evm/createEvmAdapter.ts'
import { WALLETCONNECT_CONNECTOR_ID } from './chains/evm/walletconnect/connectorId.ts'
import type { FamilyDeps } from './chains/familyDeps.ts'
import type { FamilyWalletOption } from './chains/mergeWallets.ts'
import { FAMILY_LOADERS } from './chains/registry.ts'
import { type TransferTracking, trackTransfers } from './chains/trackTransfers.ts'
import type { ChainAdapter, ChainNamespace, SentTransfer } from './chains/types.ts'
import type { ConnectableWallet } from './connection/connectableWallet.ts'
import { disconnectWallet } from './connection/disconnectWallet.ts'
import {
  type ConnectionController,
  createConnection,
  type WalletLinking,
} from './connection/index.ts'
import type { LatchWalletConnect, WalletConnectPairing } from './connection/latchWalletConnect.ts'
import { displayMessage } from './displayMessage.ts'
import { EMBEDDED_CONNECTOR_ID } from './embedded/connectorId.ts'
import type { LoginMethod } from './embedded/context.ts'
import type { EmbeddedController } from './embedded/createEmbedded.ts'
import { createLazyEmbedded } from './embedded/lazyEmbedded.ts'
import { LatchError } from './errors.ts'
import { createEvents, type EventsController } from './events/index.ts'
import { trackConnectError, trackLoginMethods, trackSelectWallet } from './events/track.ts'
import { loadRemoteFeatures } from './features/loadRemoteFeatures.ts'
import { withoutLogins } from './features/remoteFeatures.ts'
import type { HistoryController } from './history/createHistory.ts'
import { createLazyHistory } from './history/lazyHistory.ts'
import { createI18n, type I18nController } from './i18n/index.ts'
import { deferred, type LazyCode, lazyCode } from './lazy/lazyCode.ts'
import type { LoadsCode } from './lazy/types.ts'
import { createLogBuffer } from './logs/createLogBuffer.ts'
import { createModal, type ModalController } from './modal/index.ts'
import { DEFAULT_NAMES_ZONE, type NamesController } from './names/index.ts'
import { createLazyIdentity } from './names/lazyIdentity.ts'
import { createLazyNames } from './names/lazyNames.ts'
import { createNetworkController, type NetworkController } from './network/index.ts'
import { switchWalletNetwork } from './network/switchWalletNetwork.ts'
import type { NftsController } from './nfts/createNfts.ts'
import { createLazyNfts } from './nfts/lazyNfts.ts'
import type { OnrampController } from './onramp/createOnramp.ts'
import { createLazyOnramp } from './onramp/lazyOnramp.ts'
import { resolveOptions } from './options/index.ts'
import type { CaipNetwork, Features, LatchOptions, ResolvedOptions } from './options/types.ts'
import { createLazyQueryClient } from './query/lazyQueryClient.ts'
import { isRestrictedTimezone, visitorTimezone } from './region/restrictedRegion.ts'
import { createRouter, type RouterController } from './router/index.ts'
import { askSignInAfterConnect, signInNeeded } from './rules/askSignInAfterConnect.ts'
import { closeAfterConnect } from './rules/closeAfterConnect.ts'
import { mirrorConnection } from './rules/mirrorConnection.ts'
import { openUnsupportedChain } from './rules/openUnsupportedChain.ts'
import { persistActiveNetwork, storedActiveNetwork } from './rules/persistActiveNetwork.ts'
import { refreshOnAccountMoved } from './rules/refreshOnAccountMoved.ts'
import { reportKitErrors } from './rules/reportKitErrors.ts'
import { resetOnDisconnect } from './rules/resetOnDisconnect.ts'
import {
  createPendingTransactions,
  type PendingTransactionsController,
} from './send/createPendingTransactions.ts'
import type { SendFlowController } from './send/createSendFlow.ts'
import type { SendRequest } from './send/validateSend.ts'
import type { SessionsController } from './sessions/createSessions.ts'
import type { RevokeRequest } from './sessions/revokePermissions.ts'
import { checkServer } from './setup/checkServer.ts'
import { createSetupReport } from './setup/createSetupReport.ts'
import { reportOptionMistakes } from './setup/reportOptionMistakes.ts'
import { createSiwx, type SiwxController } from './siwx/createSiwx.ts'
import { createSnackbar, type SnackbarController } from './snackbar/index.ts'
import { createStorage, type LatchStorage, type StorageLike } from './storage/index.ts'
import { createStore, type ReadableStore, selectStore } from './store.ts'
import type { SwapController } from './swap/createSwap.ts'
import { createLazySwap } from './swap/lazySwap.ts'
import { createTheme, type ThemeController } from './theme/index.ts'

export type { ConnectableWallet } from './connection/connectableWallet.ts'
export { walletFromOption } from './connection/connectableWallet.ts'
export type { LatchWalletConnect } from './connection/latchWalletConnect.ts'

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
  /** The modal's language ('fr', 'pt-BR'); default the browser's best match, else English. */
  locale?: string
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
  /** The modal's language: `locale` or the browser's at first, `setLocale` later. */
  readonly i18n: I18nController
  /** Speaks `locale` ('ar', 'de-CH') from now on: the modal re-renders in place. */
  setLocale(locale: string): void
  readonly connection: ConnectionController
  readonly account: AccountController
  readonly network: NetworkController
  readonly router: RouterController
  readonly modal: ModalController
  /**
   * The EVM family's adapter, with wagmi's config for the site's own wagmi hooks. Its code loads by
   * dynamic import like every family's (from `start()`, or `loadFamily('eip155')`).
   * @throws LatchError when the site configures no EVM network, or before the family loaded.
   */
  readonly evm: EvmAdapter
  /** Each configured family's adapter once loaded, keyed by CAIP-2 namespace. */
  readonly adapters: Readonly<Partial<Record<ChainNamespace, ChainAdapter>>>
  /**
   * Loads a configured family's code and builds its adapter (once; `start()` loads them all):
   * `(await latch.loadFamily('eip155')).wagmiConfig` is there for a site's own wagmi hooks.
   * @throws LatchError when the site configures no network of that family.
   */
  loadFamily<Namespace extends ChainNamespace>(
    namespace: Namespace,
  ): Promise<Namespace extends 'eip155' ? EvmAdapter : ChainAdapter>
  /**
   * Builds a configured family's adapter at once from its module, which the caller imported (as
   * `@latch/core/wagmi` does for EVM), instead of loading it by dynamic import; `loadFamily` and
   * `latch.evm` then give this same adapter.
   * @throws LatchError when the site configures no network of that family.
   */
  provideFamily(namespace: ChainNamespace, module: FamilyModule<FamilyDeps>): ChainAdapter
  /** The wallet connection of every configured family, and which family is active. */
  readonly connections: ConnectionsController
  /**
   * The wallets found in this browser for the site's families, each once: a wallet offering
   * several families (EVM and Solana) is one entry, and connecting it connects them all.
   */
  readonly wallets: ReadableStore<FamilyWalletOption[]>
  /** The active account in CAIP form (what swap, on-ramp, names and balances read). */
  readonly activeAccount: ReadableStore<ActiveAccount | undefined>
  /** The Tokens tab: balances of the connected account on the active network. */
  readonly balances: BalancesController
  /** The Activity tab: the account's transactions on the active network. */
  readonly history: HistoryController & LoadsCode
  /** The active EVM account's NFTs (the Account view's NFTs tab): list, spam toggle, send. */
  readonly nfts: NftsController & LoadsCode
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
   * Makes the account of `type` (the smart account or the owner EOA) the one the visitor acts
   * with on `namespace` (default EVM), kept for the next visit; switching to the smart account
   * shows 'This application might not support Smart Accounts'. Resolves whether it switched (a
   * failure is shown). Its code loads on the first call.
   */
  switchAccountType(type: AccountType, namespace?: ChainNamespace): Promise<boolean>
  /**
   * The Send view's flow: its form, review, fee check and result, kept for the instance so it
   * outlives the view (the embedded wallet's approval replaces it meanwhile). Its own chunk:
   * `load()` with the view, then `current()` has it synchronously.
   */
  readonly sendFlow: LazyCode<SendFlowController>
  /**
   * Asks the connected EVM wallet for limited permissions (ERC-7715 wallet_grantPermissions) for a
   * session key the site holds: the embedded wallet asks the visitor in its approval screen, another
   * wallet only when its capabilities report ERC-7715's `permissions` (else a LatchError saying so).
   * Resolves with the grant; its `context` is the session's id. Its code loads on the first call.
   * @example await latch.grantPermissions({ chainId: '0x7a69', expiry, signer, permissions })
   */
  grantPermissions(request: PermissionRequestInput): Promise<GrantResponse>
  /** Ends a session (wallet_revokePermissions) through the wallet that granted it. */
  revokePermissions(request: RevokeRequest): Promise<void>
  /**
   * The smart sessions of the active EVM account on its network (or of `query`'s), as the server
   * lists them with their status and usage read from the chain.
   */
  getSessions(query?: {
    address?: `0x${string}`
    caipNetworkId?: string
  }): Promise<SessionSummary[]>
  /** The smart sessions code: loaded on the first call, or with the Account view's Sessions. */
  readonly sessions: LazyCode<SessionsController>
  /** Undefined when the site configured no WalletConnect (or no EVM network: it pairs through EVM). */
  readonly walletConnect: LatchWalletConnect | undefined
  /**
   * Email and social login; undefined without the `walletFrameUrl` option (or with one that is no
   * http(s) URL), or without an EVM network (the embedded wallet connects through the EVM family).
   */
  readonly embedded: EmbeddedController | undefined
  /**
   * The features in force: the site's, narrowed by its project's settings once `start()` read them,
   * and without Buy and Swap for a visitor in a restricted time zone. Email and social login are
   * off without the wallet frame, and when the project's settings never arrived.
   */
  readonly features: ReadableStore<Features>
  /**
   * Whether the visitor's time zone is one of `restrictedTimezones` (read by `start()`, in the
   * browser): Buy and Swap are then off, and the Account view says so.
   */
  readonly region: ReadableStore<{ restricted: boolean }>
  /**
   * The kit's recent log (about 1 MB: events, errors as shown, alerts), oldest first, for a support
   * request. Keys, signatures, tokens, email codes and email addresses never enter it.
   */
  exportLogs(): string
  /** Runs once on the client (never on the server): restores the session, checks the origin. */
  start(): Promise<void>
  /** Connects a wallet installed in this browser; the modal closes on success. */
  connectWallet(wallet: ConnectableWallet): Promise<void>
  disconnect(): Promise<void>
  /** Switches the wallet (or, disconnected, the modal) to a network of the site. */
  switchNetwork(network: CaipNetwork): Promise<void>
}

/**
 * Creates one Latch instance with its own stores: two instances on a page share nothing. It builds
 * the stores and controllers and wires the rules between them (`rules/`); it holds no rule itself.
 * @example const latch = createLatch({ projectId: 'latch-dev', serverUrl, networks: [devnet] })
 */
export function createLatch(config: LatchConfig): Latch {
  const options = resolveOptions(config)
  const events = createEvents()
  const storage = createStorage(config.storage ? { storage: config.storage } : {})
  const alerts = createAlerts()
  // The site's setup mistakes: one console line each for its developer, an alert for visitors.
  const reportSetup = createSetupReport({ alerts })
  const snackbar = createSnackbar()
  const theme = createTheme({
    themeMode: options.themeMode,
    themeVariables: options.themeVariables,
  })
  const i18n = createI18n(config.locale)
  const connection = createConnection({
    storage,
    events,
    // The network the wallet connected on, as CONNECT_SUCCESS reports it.
    chain: () => activeAccount.get()?.caipNetworkId,
  })
  const namespaces = options.families
  const connections = createConnections({ storage, namespaces })
  const account = createAccountController(connections.state.get().activeNamespace)
  connections.state.subscribe((state) => account.setActiveNamespace(state.activeNamespace))
  const activeAccount = connections.activeAccount
  const network = createNetworkController(
    options.networks,
    storedActiveNetwork(storage, options.networks, connections.state.get().activeNamespace) ??
      options.defaultNetwork,
  )
  let modal: ModalController | undefined
  const router = createRouter({
    closeModal: () => {
      modal?.close()
    },
    hasConnectedAddress: () => account.get().address !== undefined,
    clearFarcasterUrl: () => account.update('eip155', { farcasterUrl: undefined }),
    // The embedded wallet (the auth connector) drops the login and takes the site's metadata again.
    resyncAuthConnector: () => embedded?.controller.resyncAuthConnector(),
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
  // Usage and error events for the project's owner: the sender's code loads with the first event,
  // and reads the visitor's privacy signals only then (nothing touches the page before).
  if (!options.projectIdMissing) {
    connectAnalytics(events, async () => {
      if (!analyticsAllowed(options.features.analytics)) return undefined
      const [{ createSender }, { browserPage }] = await Promise.all([
        import('./analytics/createSender.ts'),
        import('./analytics/browserPage.ts'),
      ])
      return createSender({
        serverUrl: config.serverUrl,
        projectId: options.projectId,
        alerts,
        page: browserPage(),
        ...(config.fetch ? { fetch: config.fetch } : {}),
      })
    })
  }
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
  const hasEvm = namespaces.includes('eip155')
  // Email and social login: the state is here, the code loads once a login is offered or restored.
  const embedded =
    options.walletFrameUrl && hasEvm
      ? createLazyEmbedded({
          frameUrl: options.walletFrameUrl,
          projectId: options.projectId,
          alerts,
          snackbar,
          router,
          modal,
          account,
          storage,
          // Read live: the frame is sent the theme again whenever it changed.
          theme: {
            get themeMode() {
              return theme.state.get().themeMode
            },
            get themeVariables() {
              return theme.state.get().themeVariables
            },
            get locale() {
              return i18n.state.get().locale
            },
            subscribe(listener) {
              const stopTheme = theme.state.subscribe(listener)
              const stopLocale = i18n.state.subscribe(listener)
              return () => {
                stopTheme()
                stopLocale()
              }
            },
          },
          metadata: options.metadata,
          connect: (method) => connectEmbedded(method),
          smartAccountChains: supportedChains,
        })
      : undefined
  if (embedded) trackLoginMethods(embedded.controller, events)
  const pendingTransactions = createPendingTransactions()
  const refreshNativeBalance = createNativeBalanceRefresh({
    account,
    getBalance: (target, read) => adapterOf(target.namespace).getBalance(target.caipAddress, read),
  })
  // A sent transaction is pending until mined, then the account is read again: that code loads
  // with the first transaction, before its hash is handed back.
  const trackingCode = lazyCode(() =>
    import('./rules/refreshAfterMined.ts').then(({ refreshAfterMined }) =>
      refreshAfterMined({
        account: activeAccount,
        pendingTransactions,
        network,
        balances,
        history,
        queryClient,
        refreshNativeBalance,
      }),
    ),
  )
  // The wallet sent it already: tracking that cannot load must not turn that into a failure.
  const track = async (hash: string) => {
    const loaded = await trackingCode.load().catch(() => undefined)
    loaded?.sent(hash)
  }
  const watch = async <Receipt>(
    hash: string,
    caipNetworkId: CaipNetworkId | undefined,
    mined: Promise<Receipt>,
  ): Promise<Receipt> => {
    const loaded = await trackingCode.load().catch(() => undefined)
    return loaded ? loaded.waited(hash, caipNetworkId, mined) : mined
  }
  const tracking: TransferTracking = { track, watch }
  // Every family's code loads by dynamic import, EVM's too (chains/registry.ts): a page pays only
  // for the families its site configures.
  const families: FamiliesController = createFamilies<FamilyDeps>({
    namespaces,
    loaders: FAMILY_LOADERS,
    familyDeps: (namespace) => ({
      options,
      storage,
      api,
      serverUrl: config.serverUrl,
      ...(config.fetch ? { fetch: config.fetch } : {}),
      ...(config.transports ? { transports: config.transports } : {}),
      embedded: embedded?.standIn,
      tracking,
      // A WalletConnect session or the embedded wallet (both EVM's) may hold its account too.
      ...(hasEvm && namespace !== 'eip155'
        ? {
            links: {
              evm: loadEvm,
              embedded: embedded && { id: EMBEDDED_CONNECTOR_ID, ...embedded.controller },
              account,
            },
          }
        : {}),
    }),
    wrap: (family) => trackTransfers(family, tracking),
    wire: (family) => wireFamily(family),
    onError: (_namespace, error) => snackbar.showError(displayMessage(error)),
  })
  const { adapters } = families
  const loadEvm = (): Promise<EvmAdapter> => families.load('eip155') as Promise<EvmAdapter>
  const walletList = createStore<{ list: FamilyWalletOption[] }>({ list: [] })
  // Set with a site of several families (the code that lists a wallet of several families once).
  let merge: typeof import('./chains/mergeWallets.ts').mergeWallets | undefined
  // EVM first (its entries stand for a wallet offering several families), then the site's order.
  const listWallets = () => {
    const lists = (['eip155', ...namespaces.filter((namespace) => namespace !== 'eip155')] as const)
      .map((namespace) => adapters[namespace])
      .filter((family) => family !== undefined)
      .map((family) => [family.namespace, family.wallets.get()] as const)
    walletList.set({
      list: merge
        ? merge(lists)
        : lists.flatMap(([namespace, list]) =>
            list.map((option) => ({ ...option, connectors: { [namespace]: option.id } })),
          ),
    })
  }
  const wallets: ReadableStore<FamilyWalletOption[]> = selectStore(
    walletList,
    (state) => state.list,
  )
  /** The adapter of a family the site configured, once its code loaded. */
  const adapterOf = (namespace: ChainNamespace): ChainAdapter => {
    const found = adapters[namespace]
    if (!found) throw new LatchError(`No ${namespace} wallet is available`)
    return found
  }
  const evmOf = () => adapterOf('eip155') as EvmAdapter
  // Swap's and names' calls: EVM only, and only once a wallet connected (so the family is there).
  const evmCalls: Pick<
    EvmAdapter,
    | 'sendTransaction'
    | 'waitForTransaction'
    | 'supportsAtomicBatch'
    | 'sendAtomicBatch'
    | 'waitForBatch'
  > = {
    sendTransaction: (transaction) => evmOf().sendTransaction(transaction),
    waitForTransaction: (hash, chainId) => evmOf().waitForTransaction(hash, chainId),
    supportsAtomicBatch: (chainId) => evmOf().supportsAtomicBatch(chainId),
    sendAtomicBatch: (calls, chainId) => evmOf().sendAtomicBatch(calls, chainId),
    waitForBatch: (id) => evmOf().waitForBatch(id),
  }
  /** The adapter of the active account's family. */
  const activeAdapter = () => adapterOf(connections.state.get().activeNamespace)

  // Swap, on-ramp and names keep their state here and load their code with their views.
  const swap = createLazySwap({
    api,
    evm: evmCalls,
    balances,
    snackbar,
    account: activeAccount,
    events,
  })
  const onramp = createLazyOnramp({
    api,
    events,
    account: activeAccount,
    balances,
    snackbar,
    refreshActivity: (mined) =>
      void trackingCode.load().then(
        (loaded) => loaded.refreshActivity(mined),
        () => undefined,
      ),
    activeNetwork: () => network.state.get().activeNetwork?.caipNetworkId,
    locale: () => i18n.state.get().locale,
  })
  // The NFTs tab's list and sends: state here, code with the tab.
  const nfts = createLazyNfts({
    api,
    account: activeAccount,
    evm: evmCalls,
    tracking: () => trackingCode.load(),
    snackbar,
  })
  const names = createLazyNames({
    api,
    queryClient,
    account: activeAccount,
    signMessage: (message) => evmOf().signMessage(message),
    snackbar,
    identity,
    zone: config.names?.zone?.trim().replace(/^\./, '').toLowerCase() || DEFAULT_NAMES_ZONE,
  })

  const siwx: SiwxController = createSiwx({
    options: options.siwx,
    api,
    storage,
    snackbar,
    events,
    alerts,
    activeAccount: () => activeAccount.get(),
    signInMessage: (fields) => activeAdapter().signInMessage(fields),
    signMessage: (message) => activeAdapter().signMessage(message),
    disconnect: () => disconnect(),
    onSignedIn: () => modal?.close(),
    onStartFailed: () => router.reset('Connect'),
  })
  const needsSignIn = signInNeeded({ siwx: () => siwx, network })
  const closeModalAfterConnect = closeAfterConnect({ network, needsSignIn, modal })

  // The rules between the stores. Each family's wallet is mirrored into its account and the
  // network first; then the active account follows, and the rules on it run.
  persistActiveNetwork({ network, storage })
  function wireFamily(family: ChainAdapter): void {
    mirrorConnection({
      namespace: family.namespace,
      isActive: () => connections.state.get().activeNamespace === family.namespace,
      wallet: family.connection,
      connection,
      account,
      network,
      walletInfo: (option) =>
        embedded && option.id === EMBEDDED_CONNECTOR_ID
          ? embedded.controller.walletInfo()
          : { name: option.name, ...(option.icon ? { icon: option.icon } : {}) },
    })
    connections.track(family.namespace, family.connection)
    family.wallets.subscribe(listWallets)
    listWallets()
  }
  askSignInAfterConnect({ account: activeAccount, needsSignIn, modal })
  refreshOnAccountMoved({ account: activeAccount, refreshNativeBalance, identity, balances })
  resetOnDisconnect({
    account: activeAccount,
    resettables: [balances, history, identity, names],
    modal,
    router,
  })
  openUnsupportedChain({
    network,
    modal,
    router,
    allowUnsupportedChain: options.allowUnsupportedChain,
  })
  // The support log: every event (errors included, as the visitor saw them) and every alert.
  const logs = createLogBuffer()
  events.subscribe((event) =>
    logs.add(event.type === 'error' ? 'error' : 'info', event.event, event.properties),
  )
  alerts.state.subscribe((state, previous) => {
    if (state.open && !(previous.open && previous.message === state.message))
      logs.add(state.variant === 'error' ? 'error' : 'warn', state.title ?? 'alert', state.message)
  })
  reportKitErrors({
    snackbar: snackbar.state,
    alerts: alerts.state,
    events,
    view: () => router.state.get().view,
    chain: () => network.state.get().activeNetwork?.caipNetworkId,
  })

  // Connecting, pairing and switching run on a click in the modal: their code loads as the modal
  // first opens (or on the first call), not with the page.
  const walletActions = lazyCode(() => import('./connection/walletActions.ts'))
  modal.state.subscribe((state) => {
    if (state.open) void walletActions.load().catch(() => undefined)
  })
  const walletConnect = options.walletConnect && hasEvm ? lazyWalletConnect() : undefined
  // Pairing runs through the EVM family's WalletConnect connector: it loads with that family.
  function lazyWalletConnect(): LatchWalletConnect {
    const code = lazyCode(async () => {
      const [{ createLatchWalletConnect }, evm] = await Promise.all([
        walletActions.load(),
        loadEvm(),
      ])
      const pairing: WalletConnectPairing | undefined = evm.walletConnect
      if (!pairing) throw new LatchError('WalletConnect is not configured')
      return createLatchWalletConnect({
        connection,
        pairing,
        walletId: WALLETCONNECT_WALLET_ID,
        connectSession: () => evm.connect(WALLETCONNECT_CONNECTOR_ID),
        closeAfterConnect: closeModalAfterConnect,
      })
    })
    return {
      async connect(wallet) {
        trackSelectWallet(events, wallet ?? { name: 'WalletConnect' }, 'qrcode')
        try {
          return await (await code.load()).connect(wallet)
        } catch (error) {
          trackConnectError(events, 'qrcode', displayMessage(error), wallet?.name)
          throw error
        }
      },
      openLink: deferred(code, (loaded, linking: WalletLinking) => {
        trackSelectWallet(events, { name: linking.name }, 'mobile')
        loaded.openLink(linking)
      }),
      // Nothing was paired before the code loaded: nothing to leave.
      leave: () => code.current()?.leave(),
    }
  }

  // The active network, when it is an EVM one: where an EVM wallet is asked to connect.
  const evmNetworkId = () => {
    const active = network.state.get().activeNetwork
    return active?.chainNamespace === 'eip155' ? active.caipNetworkId : undefined
  }

  // Email and social login end here, as a wallet connection: closed like other wallets.
  async function connectEmbedded(method: LoginMethod): Promise<void> {
    const caipNetworkId = evmNetworkId()
    try {
      await (await loadEvm()).connect(EMBEDDED_CONNECTOR_ID, caipNetworkId ? { caipNetworkId } : {})
    } catch (error) {
      trackConnectError(events, method, displayMessage(error))
      throw error
    }
    events.emit({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: {
        method,
        name: embedded?.controller.walletInfo().name ?? 'Email',
        walletId: EMBEDDED_CONNECTOR_ID,
        ...(activeAccount.get()?.caipNetworkId
          ? { chain: activeAccount.get()?.caipNetworkId }
          : {}),
      },
    })
    closeModalAfterConnect()
  }

  const familyWallets: FamilyWalletsDeps = {
    adapters,
    wallets,
    activeNamespace: () => connections.state.get().activeNamespace,
    connections: () => connections.state.get().byNamespace,
    networkFor: (namespace) => {
      const active = network.state.get().activeNetwork
      return active?.chainNamespace === namespace ? active.caipNetworkId : undefined
    },
  }

  /** Checks a send, then has the active family's wallet send it (pending until mined). */
  async function sendTransfer(request: SendRequest): Promise<SentTransfer> {
    const current = activeAccount.get()
    if (!current) throw new LatchError('No ActiveCaipAddress found')
    // The checks carry each family's address and amount rules: loaded with the first send.
    const { transferOf } = await import('./send/validateSend.ts')
    return activeAdapter().sendTransfer(
      transferOf(request, current.caipNetworkId, network.find(current.caipNetworkId)),
    )
  }

  const sendFlow = lazyCode(() =>
    import('./send/createSendFlow.ts').then(({ createSendFlow }) =>
      createSendFlow({
        events,
        balances: balances.state,
        account: activeAccount,
        resolveName: (name) => names.resolve(name),
        estimateFee: (transaction) => evmOf().estimateFee(transaction),
        nativeBalance: async (address, caipNetworkId) =>
          (await activeAdapter().getBalance(`${caipNetworkId}:${address}`)).value,
        transferFee: async (transfer) => {
          const family = activeAdapter()
          if (!family.transferFee) throw new LatchError('Network fee unavailable')
          return family.transferFee(transfer)
        },
        family: activeAdapter,
        send: sendTransfer,
        waitForTransfer: (sent) => activeAdapter().waitForTransfer(sent),
        network: (caipNetworkId) => network.find(caipNetworkId),
        snackbar,
        router,
        modal: modal as ModalController,
      }),
    ),
  )

  // Smart sessions: the API is here, its code loads on the first call (or the Sessions view).
  const sessions = lazyCode(() =>
    import('./sessions/createSessions.ts').then(({ createSessions }) =>
      createSessions({
        api,
        evm: loadEvm,
        // The account the visitor acts with (the smart account, when they use it) on the network.
        account: () => {
          const { address } = account.get()
          const active = network.state.get().activeNetwork
          return address && active?.chainNamespace === 'eip155'
            ? { address: address as `0x${string}`, caipNetworkId: active.caipNetworkId }
            : undefined
        },
        nativeCurrency: (caipNetworkId) => network.find(caipNetworkId)?.nativeCurrency,
        snackbar,
      }),
    ),
  )

  // Email and social login run in the frame, and on the server through the project's settings.
  const offered =
    embedded && !options.projectIdMissing ? options.features : withoutLogins(options.features)
  const features = createStore({ current: offered })
  const region = createStore({ restricted: false })
  const disconnect = disconnectWallet({
    // Every family the wallet connected ends together.
    disconnect: async () => {
      const connected = Object.values(adapters).filter(
        (family) => family.connection.get().status !== 'disconnected',
      )
      const fallback = adapters.eip155 ? [adapters.eip155] : []
      await Promise.all(
        (connected.length > 0 ? connected : fallback).map((family) => family.disconnect()),
      )
    },
    connection,
    siwx: () => siwx,
    modal,
    snackbar,
  })

  // With several families, the code that merges their wallets and follows the active family.
  const severalFamilies = lazyCode(() =>
    import('./chains/severalFamilies.ts').then((code) => {
      merge = code.mergeWallets
      code.followActiveFamily({ connections, network })
      listWallets()
    }),
  )
  /**
   * Every configured family's code (`loading`: just loaded, or its sessions restored too), and with
   * several, the code that merges their wallets alongside: without it a wallet offering two
   * families is listed twice, so its failure is reported.
   */
  async function withFamilies(loading: Promise<void>): Promise<void> {
    const several =
      namespaces.length > 1 &&
      severalFamilies.load().catch((error: unknown) => snackbar.showError(displayMessage(error)))
    await Promise.all([loading, several])
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
    i18n,
    setLocale: (locale) => i18n.setLocale(locale),
    connection,
    account,
    network,
    router,
    modal,
    get evm() {
      if (!hasEvm)
        throw new LatchError('No EVM network is configured', {
          details: 'latch.evm is the EVM family: add an eip155 network to networks.',
        })
      const evm = adapters.eip155
      if (!evm)
        throw new LatchError('The EVM family has not loaded yet', {
          details: "await latch.loadFamily('eip155') (or latch.start()) before reading latch.evm.",
        })
      return evm as EvmAdapter
    },
    adapters,
    loadFamily: (namespace) => families.load(namespace) as never,
    provideFamily: (namespace, module) => families.provide(namespace, module as never),
    connections,
    wallets,
    activeAccount,
    balances,
    history,
    nfts,
    pendingTransactions,
    siwx,
    swap,
    onramp,
    names,
    send: async (request) => (await sendTransfer(request)).id as `0x${string}`,
    async switchAccountType(type, namespace = 'eip155') {
      const { switchAccountType, switchEmbeddedAccount } = await import(
        './account/switchAccountType.ts'
      )
      return switchAccountType(
        {
          storage,
          snackbar,
          async switchWallet(target, next) {
            const evm = await loadEvm()
            await switchEmbeddedAccount(
              {
                connectedWalletId: () => {
                  const current = evm.connection.get()
                  return current.status === 'connected' ? current.wallet.id : undefined
                },
                connectors: () => evm.wagmiConfig.connectors,
              },
              target,
              next,
            )
          },
        },
        namespace,
        type,
      )
    },
    sendFlow,
    grantPermissions: deferred(sessions, (code, request) => code.grant(request)),
    revokePermissions: deferred(sessions, (code, request) => code.revoke(request)),
    getSessions: deferred(sessions, (code, query) => code.list(query)),
    sessions,
    walletConnect,
    embedded: embedded?.controller,
    features: selectStore(features, (state) => state.current),
    region,
    exportLogs: () => logs.text(),
    start() {
      started ??= (async () => {
        // Said in the browser the kit runs in, once: a server render makes an instance for every
        // request, and a line each would bury the server's log.
        reportOptionMistakes({ options, hasEvm, report: reportSetup })
        // The time zone is the browser's: read here, on the client, never at creation (SSR).
        const restricted = isRestrictedTimezone(visitorTimezone(), options.restrictedTimezones)
        region.set({ restricted })
        const siteFeatures = restricted ? { ...offered, swaps: false, onramp: false } : offered
        features.set({ current: siteFeatures })
        // The browser's wallets are listed, and their sessions restored, whatever the server
        // says; without a project id (reported above) there is nothing to ask it.
        await Promise.all([
          withFamilies(families.start()),
          ...(options.projectIdMissing
            ? []
            : [
                checkServer({
                  api,
                  serverUrl: config.serverUrl,
                  projectId: options.projectId,
                  report: reportSetup,
                }),
                loadRemoteFeatures({ api, siteFeatures, features, onramp }),
              ]),
        ])
      })()
      return started
    },
    async connectWallet(wallet) {
      trackSelectWallet(events, wallet, 'browser')
      try {
        // A click that comes before start() (or before the families' code): they load first.
        const [{ connectBrowserWallet, connectFamilies }] = await Promise.all([
          walletActions.load(),
          withFamilies(families.loadAll()),
        ])
        let tried: ChainAdapter | undefined = adapters[connections.state.get().activeNamespace]
        return await connectBrowserWallet({
          connection,
          connect: (connectorId) =>
            connectFamilies(familyWallets, connectorId, (family) => {
              tried = family
            }),
          walletStatus: () => tried?.connection.get().status ?? 'disconnected',
          closeAfterConnect: closeModalAfterConnect,
        })(wallet)
      } catch (error) {
        trackConnectError(events, 'browser', displayMessage(error), wallet.name)
        throw error
      }
    },
    disconnect,
    switchNetwork: switchWalletNetwork({
      activeNamespace: () => connections.state.get().activeNamespace,
      setActiveNamespace: (namespace) => connections.setActiveNamespace(namespace),
      isConnected: (namespace) =>
        connections.state.get().byNamespace[namespace]?.status === 'connected',
      connectSameWallet: async (namespace, caipNetworkId) =>
        (await walletActions.load()).connectWithSameWallet(familyWallets, namespace, caipNetworkId),
      switchNetwork: (namespace, caipNetworkId) =>
        adapterOf(namespace).switchNetwork(caipNetworkId),
      network,
      router,
      snackbar,
      displayMessage,
      isSiteNetwork: (caipNetworkId) => network.find(caipNetworkId) !== undefined,
      alerts,
    }),
  }
}
