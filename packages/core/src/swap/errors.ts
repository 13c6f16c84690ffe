import { LatchError } from '../errors.ts'

/** A fresh quote, or the transaction the server built, gives less than the quote the user saw. */
export class PriceChangedError extends LatchError {
  override name = 'PriceChangedError'
  constructor(options: { details?: string } = {}) {
    super('The price changed: review the new quote', options)
  }
}

/** The server built a transaction that does not do what the user reviewed: nothing is sent. */
export class UnexpectedTransactionError extends LatchError {
  override name = 'UnexpectedTransactionError'
  constructor(details: string) {
    super('The swap could not be prepared safely', { details })
  }
}

/** An approval or swap was mined but reverted. */
export class TransactionRevertedError extends LatchError {
  override name = 'TransactionRevertedError'
  constructor(what: 'Approval' | 'Swap', hash: string) {
    super(`${what} failed`, { details: `The transaction ${hash} reverted` })
  }
}

/** What executeSwap and the controller throw besides the wallet's UserRejectedError. */
export type SwapError = PriceChangedError | UnexpectedTransactionError | TransactionRevertedError

/** Swapping on a family the swap service does not serve (the spec's refusal). */
export const SWAP_NOT_SUPPORTED = 'Network not supported for Swaps'

/** The families swaps run on: EVM chains (quotes and transactions are EVM calls). */
export const SWAP_NAMESPACES = ['eip155'] as const
