export {
  type ConnectionController,
  type ConnectionDeps,
  createConnection,
  type FinalizeConnection,
} from './createConnection.ts'
export { walletDeepLink } from './deepLinks.ts'
export type {
  ConnectedAccount,
  Connection,
  ConnectionState,
  ConnectionStatus,
  WalletLinking,
} from './types.ts'
export {
  createWalletConnectFlow,
  type WalletConnectFlow,
  type WalletConnectFlowDeps,
} from './walletConnectFlow.ts'
