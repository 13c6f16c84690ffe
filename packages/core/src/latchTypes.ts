import type {
  GrantResponse,
  PermissionRequestInput,
  SessionSummary,
} from '@latch/protocol/smart-sessions'
import type { Transport } from 'viem'
import type { ActiveAccount } from './account/activeAccount.ts'
import type { AccountController, AccountType } from './account/index.ts'
import type { AlertsController } from './alerts/index.ts'
import type { ApiClient } from './api/client.ts'
import type { BalancesController } from './balances/createBalances.ts'
import type { ConnectionsController } from './chains/createConnections.ts'
import type { FamilyModule } from './chains/createFamilies.ts'
import type { EvmAdapter } from './chains/evm/createEvmAdapter.ts'
import type { FamilyDeps } from './chains/familyDeps.ts'
import type { FamilyWalletOption } from './chains/mergeWallets.ts'
import type { ChainAdapter } from './chains/types.ts'
import type { ConnectableWallet } from './connection/connectableWallet.ts'
import type { ConnectionController } from './connection/index.ts'
import type { LatchWalletConnect } from './connection/latchWalletConnect.ts'
import type { EmbeddedController } from './embedded/createEmbedded.ts'
import type { EventsController } from './events/index.ts'
import type { HistoryController } from './history/createHistory.ts'
import type { I18nController } from './i18n/index.ts'
import type { LazyCode } from './lazy/lazyCode.ts'
import type { LoadsCode } from './lazy/types.ts'
import type { ModalController } from './modal/index.ts'
import type { NamesController } from './names/index.ts'
import type { NetworkController } from './network/index.ts'
import type { NftsController } from './nfts/createNfts.ts'
import type { OnrampController } from './onramp/createOnramp.ts'
import type { LatchOptions, ResolvedOptions } from './options/types.ts'
import type { RouterController } from './router/index.ts'
import type { PendingTransactionsController } from './send/createPendingTransactions.ts'
import type { SendFlowController } from './send/createSendFlow.ts'
import type { SendRequest } from './send/validateSend.ts'
import type { SessionsController } from './sessions/createSessions.ts'
import type { RevokeRequest } from './sessions/revokePermissions.ts'
import type { CaipNetwork, ChainNamespace, Features } from './siteTypes.ts'
import type { SiwxController } from './siwx/createSiwx.ts'
import type { SnackbarController } from './snackbar/index.ts'
import type { LatchStorage, StorageLike } from './storage/index.ts'
import type { ReadableStore } from './store.ts'
import type { SwapController } from './swap/createSwap.ts'
import type { ThemeController } from './theme/index.ts'

// What `createLatch` takes and gives: the kit's public surface, apart from how it is built.

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
