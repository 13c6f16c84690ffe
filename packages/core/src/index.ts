export type { ActiveAccount } from './account/activeAccount.ts'
export * from './account/index.ts'
export * from './alerts/index.ts'
export { type ApiClient, createApiClient, HttpStatusError } from './api/client.ts'
export {
  type BalancesController,
  type BalancesState,
  createBalances,
} from './balances/createBalances.ts'
export {
  bitcoinMainnet,
  bitcoinTestnet,
  defineBitcoinNetwork,
} from './chains/bitcoin/network.ts'
export type { ConnectionsController, ConnectionsState } from './chains/createConnections.ts'
export type { FamilyLoader, FamilyModule } from './chains/createFamilies.ts'
export * from './chains/evm/index.ts'
export type { FamilyWalletOption } from './chains/mergeWallets.ts'
export {
  definePolkadotNetwork,
  polkadotAssetHub,
  polkadotMainnet,
} from './chains/polkadot/network.ts'
export { receiveUri } from './chains/receiveUri.ts'
export {
  defineSolanaNetwork,
  solanaDevnet,
  solanaMainnet,
  solanaTestnet,
} from './chains/solana/network.ts'
export type * from './chains/types.ts'
export * from './connection/index.ts'
export * from './constants.ts'
export {
  type ConnectableWallet,
  createLatch,
  type Latch,
  type LatchConfig,
  type LatchWalletConnect,
  WALLETCONNECT_WALLET_ID,
  walletFromOption,
} from './createLatch.ts'
export {
  displayMessage,
  displayText,
  INSUFFICIENT_FUNDS,
  NETWORK_UNREACHABLE,
  SERVER_UNAVAILABLE,
  SIGNATURE_DECLINED,
  SOMETHING_WENT_WRONG,
} from './displayMessage.ts'
export * from './embedded/index.ts'
export { LatchError } from './errors.ts'
export * from './events/index.ts'
export { formatUsd, truncateDecimal } from './format/formatAmount.ts'
export { formatDecimal } from './format/formatDecimal.ts'
export { shortenHex } from './format/shortenHex.ts'
export { truncateBalance } from './format/truncateBalance.ts'
export {
  createHistory,
  groupByYearAndMonth,
  type HistoryController,
  type HistoryMonth,
  type HistoryState,
  type HistoryYear,
} from './history/createHistory.ts'
export {
  type CoreMessageKey,
  coreEnglish,
  createI18n,
  type I18nController,
  type I18nState,
  phrase,
} from './i18n/index.ts'
export type { LazyCode } from './lazy/lazyCode.ts'
export * from './modal/index.ts'
export * from './names/index.ts'
export * from './network/index.ts'
export type { NftsController } from './nfts/createNfts.ts'
export { type NftSendState, type NftsState, nftKey } from './nfts/types.ts'
export * from './onramp/index.ts'
export * from './options/index.ts'
export type * from './options/types.ts'
export { isIosSafari, isMobile, isTelegram } from './platform/platform.ts'
export { IDLE_TIMEOUT_MS, whenIdle } from './platform/whenIdle.ts'
export { createQueryClient, retryDelay } from './query/createQueryClient.ts'
export {
  DEFAULT_RESTRICTED_TIMEZONES,
  isRestrictedTimezone,
  RESTRICTED_REGION_MESSAGE,
} from './region/restrictedRegion.ts'
export * from './router/index.ts'
export { balanceKey } from './send/balanceKey.ts'
export {
  createPendingTransactions,
  type PendingTransaction,
  type PendingTransactionsController,
} from './send/createPendingTransactions.ts'
export type { SendFlowController, SendFlowDeps } from './send/createSendFlow.ts'
export type * from './send/sendFlowTypes.ts'
export {
  maxNativeSend,
  type SendRequest,
  type SendTransaction,
  validateSend,
} from './send/validateSend.ts'
export type {
  SessionListAccount,
  SessionListController,
  SessionListState,
} from './sessions/createSessionList.ts'
export type { SessionsController } from './sessions/createSessions.ts'
export type { SessionRow } from './sessions/describeSession.ts'
export { PERMISSIONS_NOT_CONNECTED, PERMISSIONS_UNSUPPORTED } from './sessions/messages.ts'
export type { RevokeRequest } from './sessions/revokePermissions.ts'
export {
  SESSION_REFUSED_MESSAGE,
  type SendWithSessionOptions,
  SessionSendError,
  type SessionSendResult,
  sendWithSession,
} from './sessions/sendWithSession.ts'
export type {
  CaipNetwork,
  ChainNamespace,
  ConnectMethod,
  Features,
  ThemeMode,
} from './siteTypes.ts'
export type { SignInFields } from './siwx/signInFields.ts'
export * from './snackbar/index.ts'
export { sponsorshipNotice } from './sponsorship/sponsorshipNotice.ts'
export * from './storage/index.ts'
export { createStore, type ReadableStore, type Store } from './store.ts'
export * from './swap/index.ts'
export { createTheme, type ThemeController, type ThemeState } from './theme/index.ts'
export * from './validation/index.ts'
