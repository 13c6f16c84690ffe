export { type LatestAnswer, type LatestOnly, latestOnly } from '../query/latestOnly.ts'
export { checkApproval, checkSwapTransaction, type SwapSide } from './checkTransactions.ts'
export { createSwap, type SwapController, type SwapDeps } from './createSwap.ts'
export { defaultPair } from './defaultPair.ts'
export {
  describeSwap,
  readSwapInput,
  type SwapAction,
  type SwapActionKind,
  type SwapInput,
  type SwapSummary,
} from './describeSwap.ts'
export {
  PriceChangedError,
  SWAP_NAMESPACES,
  type SwapError,
  TransactionRevertedError,
  UnexpectedTransactionError,
} from './errors.ts'
export { type ExecuteSwapDeps, executeSwap, type SwapPlan } from './executeSwap.ts'
export { formatTokenAmount, formatTokenUnits } from './formatTokenAmount.ts'
export { isNativeToken } from './isNativeToken.ts'
export { joinBalances } from './joinBalances.ts'
export { isValidSlippage, minimumReceived, SLIPPAGE_RANGE } from './minimumReceived.ts'
export { networkFeeUsd } from './networkFee.ts'
export { type ParsedAmount, parseSwapAmount } from './parseSwapAmount.ts'
export { exchangeRate, priceImpactPercent } from './priceImpact.ts'
export type * from './types.ts'
