import type { CaipAddress, CaipNetworkId, SwapQuote, SwapToken } from '@latch/protocol'
import type { Text } from '@latch/protocol/i18n'

/** A token the Swap view offers, with what the account holds of it and its USD price. */
export type SwapTokenOption = SwapToken & {
  /** Held, in the smallest unit; undefined while the account's balances are not known. */
  balance?: bigint
  /** Held, in whole units as the balances give it (e.g. '1234.5'); what Max puts in the field. */
  balanceNumeric?: string
  /** USD per whole unit; undefined when no price is known. */
  price?: number
}

/** Where the quote for the current input stands. */
export type QuoteStatus = 'idle' | 'loading' | 'ready' | 'error'

/** Where a swap stands: reviewed, its approval or itself waiting on the wallet and chain, done. */
export type SwapStep = 'review' | 'approving' | 'swapping' | 'done'

/** A quote as the view shows it, with when it arrived (see QUOTE_REFRESH_MS). */
export type ReviewedQuote = SwapQuote & { fetchedAt: number }

/** What keeps the swap from going ahead, and the message the view shows for it. */
export type SwapIssue =
  /** Not a number, zero, or more decimals than the token has. */
  | { kind: 'invalid-amount'; message: Text }
  /** More than the account holds of the token sold. */
  | { kind: 'insufficient-balance'; message: 'Insufficient balance' }
  /** The server found no route (its 400 message, e.g. 'No liquidity for this pair'). */
  | { kind: 'no-liquidity'; message: string }
  /** The quote could not be fetched (server or network down). */
  | { kind: 'quote-failed'; message: Text }
  /** The wallet declined a request: nothing was sent. */
  | { kind: 'declined'; message: 'Signature declined' }
  /** A fresh quote or the built transaction gives less than the quote the user reviewed. */
  | { kind: 'price-changed'; message: string }
  /** Building, sending or mining a transaction failed. */
  | { kind: 'swap-failed'; message: Text }

/** Gas of the swap transaction as the server builds it: a limit and a price, in wei. */
export type SwapGas = { gas: bigint; gasPrice: bigint }

/** The Swap view's state: tokens, amounts, quote, step and what went wrong. */
export type SwapState = {
  tokensStatus: 'idle' | 'loading' | 'ready' | 'error'
  /** The network the tokens are of; another one starts over. */
  chainId?: CaipNetworkId
  /** The account the balances and quotes are for. */
  address?: string
  /** The server's swappable tokens, the native coin first, joined with the account's balances. */
  tokens: readonly SwapTokenOption[]
  from?: CaipAddress
  to?: CaipAddress
  /** What the user typed: whole units of `from`, a decimal string. */
  amount: string
  /** Slippage tolerance in percent (default SWAP_SLIPPAGE_TOLERANCE). */
  slippage: number
  quoteStatus: QuoteStatus
  /** The quote for the current tokens and amount; absent while loading or on error. */
  quote?: ReviewedQuote
  /** The wallet sends an approval and the swap as one atomic batch (a smart account, EIP-5792). */
  batches?: boolean
  /** How much of `from` the router may spend (the largest uint256 for the native coin). */
  allowance?: bigint
  /** Gas of the swap, for the network fee; absent when the server could not build it. */
  gas?: SwapGas
  /** The Uniswap router the server builds swaps for: approvals must name it as the spender. */
  router?: CaipAddress
  issue?: SwapIssue
  step: SwapStep
  /** The swap transaction, once sent. */
  txHash?: `0x${string}`
}
