export {
  AccountIndexError,
  NoPendingProposalError,
  NoSessionError,
  NoSolanaAccountError,
  PeerRejectedError,
  UnknownChainError,
  UnsupportedChainsError,
  WcTestWalletError,
  type WcTestWalletErrorType,
  WcTimeoutError,
} from './errors.ts'
export {
  createPolkadotRequestHandler,
  POLKADOT_WALLET_METHODS,
  type PolkadotKey,
  polkadotPair,
} from './polkadotRequests.ts'
export type { Decision } from './requests.ts'
export {
  closeOfflineSignClient,
  createOfflineSignClient,
  type OfflineSignClient,
  type OfflineSignClientOptions,
} from './signClient.ts'
export {
  createWcTestWallet,
  type WcNamespace,
  type WcProposal,
  type WcRequestRecord,
  type WcTestWallet,
  type WcTestWalletOptions,
} from './wcTestWallet.ts'
