export { createRouter, type RouterController, type RouterDeps } from './createRouter.ts'
export {
  type RouterData,
  type RouterState,
  type TransactionAction,
  type TransactionResult,
  VIEWS,
  type ViewName,
  type WalletSummary,
} from './types.ts'
