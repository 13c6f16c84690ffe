import { formatDecimal } from '../format/formatDecimal.ts'
import { formatTokenAmount, formatTokenUnits } from './formatTokenAmount.ts'
import { isNativeToken } from './isNativeToken.ts'
import { minimumReceived } from './minimumReceived.ts'
import { networkFeeUsd } from './networkFee.ts'
import { parseSwapAmount } from './parseSwapAmount.ts'
import { exchangeRate, priceImpactPercent } from './priceImpact.ts'
import type { SwapIssue, SwapState, SwapTokenOption } from './types.ts'

/** What the Swap view's button does now. */
export type SwapActionKind =
  | 'select-token'
  | 'enter-amount'
  | 'invalid-amount'
  | 'insufficient-balance'
  | 'no-liquidity'
  | 'retry-quote'
  | 'quote-loading'
  | 'approve'
  | 'swap'
  | 'approving'
  | 'swapping'
  | 'done'

/** The button's label, whether it can be pressed, and whether something is under way. */
export type SwapAction = {
  kind: SwapActionKind
  label: string
  disabled: boolean
  pending: boolean
}

/** The current input read against the tokens: the amount in the smallest unit, or what is wrong. */
export type SwapInput = {
  from?: SwapTokenOption
  to?: SwapTokenOption
  /** The amount to sell in `from`'s smallest unit; absent when empty or invalid. */
  amount?: bigint
  issue?: Extract<SwapIssue, { kind: 'invalid-amount' | 'insufficient-balance' }>
}

/** Everything the Swap view shows, derived from the state. */
export type SwapSummary = SwapInput & {
  /** The quote's output in whole units of `to`, for the 'You receive' field. */
  receive?: string
  /** e.g. '1 ETH = 2994.12 USDC'. */
  rate?: string
  /** In percent; see priceImpactPercent. */
  priceImpact?: number
  /** What the swap's gas costs at most, in USD. */
  networkFeeUsd?: number
  /** The quote less the slippage, e.g. '296.406 USDC'. */
  minimumReceived?: string
  /** An ERC-20 sold for more than the router may spend: the swap starts with an approval. */
  needsApproval: boolean
  action: SwapAction
}

const action = (
  kind: SwapActionKind,
  label: string,
  options: { disabled?: boolean; pending?: boolean } = {},
): SwapAction => ({
  kind,
  label,
  disabled: options.disabled ?? true,
  pending: options.pending ?? false,
})

/**
 * Reads the typed amount against the chosen tokens: empty, invalid (not a number, zero, too many
 * decimals), more than held ('Insufficient balance'; only when the balance is known), or usable.
 */
export function readSwapInput(state: SwapState): SwapInput {
  const from = state.tokens.find((token) => token.address === state.from)
  const to = state.tokens.find((token) => token.address === state.to)
  const tokens = { ...(from ? { from } : {}), ...(to ? { to } : {}) }
  if (!from || !to) return tokens
  const parsed = parseSwapAmount(state.amount, from.decimals, from.symbol)
  if (parsed.status === 'empty') return tokens
  if (parsed.status === 'invalid')
    return { ...tokens, issue: { kind: 'invalid-amount', message: parsed.message } }
  if (from.balance !== undefined && parsed.value > from.balance)
    return {
      ...tokens,
      amount: parsed.value,
      issue: { kind: 'insufficient-balance', message: 'Insufficient balance' },
    }
  return { ...tokens, amount: parsed.value }
}

/**
 * What the Swap view shows for a state: the quote's output, rate, price impact, network fee and
 * minimum received, and the button ('Enter an amount', 'Insufficient balance', 'No liquidity',
 * 'Approve USDC', 'Swap', ...), its amounts written the way of `locale` (the modal's language;
 * default the visitor's browser's).
 * @example describeSwap(latch.swap.state.get()).action.label // 'Swap'
 */
export function describeSwap(state: SwapState, locale?: string): SwapSummary {
  const input = readSwapInput(state)
  const { from, to, amount } = input
  const needsApproval =
    from !== undefined &&
    amount !== undefined &&
    state.quoteStatus === 'ready' &&
    !isNativeToken(from.address) &&
    (state.allowance ?? 0n) < amount
  const summary: SwapSummary = {
    ...input,
    needsApproval,
    action: buttonOf(state, input, needsApproval),
  }
  const quote = state.quote
  if (!from || !to || !quote || state.quoteStatus !== 'ready') return summary

  const fromAmount = BigInt(quote.fromAmount)
  const toAmount = BigInt(quote.toAmount)
  summary.receive = formatTokenUnits(toAmount, to.decimals)
  const rate = exchangeRate({
    fromAmount,
    fromDecimals: from.decimals,
    toAmount,
    toDecimals: to.decimals,
  })
  summary.rate = `1 ${from.symbol} = ${formatDecimal(formatTokenAmount(rate), locale)} ${to.symbol}`
  const impact = priceImpactPercent({
    fromAmount,
    fromDecimals: from.decimals,
    fromPrice: from.price,
    toAmount,
    toDecimals: to.decimals,
    toPrice: to.price,
  })
  if (impact !== undefined) summary.priceImpact = impact
  const native = state.tokens.find((token) => isNativeToken(token.address))
  const fee = networkFeeUsd(state.gas, native?.decimals ?? 18, native?.price)
  if (fee !== undefined) summary.networkFeeUsd = fee
  summary.minimumReceived = `${formatDecimal(formatTokenUnits(minimumReceived(toAmount, state.slippage), to.decimals), locale)} ${to.symbol}`
  return summary
}

function buttonOf(state: SwapState, input: SwapInput, needsApproval: boolean): SwapAction {
  const symbol = input.from?.symbol ?? ''
  if (state.step === 'approving')
    return action('approving', `Approving ${symbol}…`, { pending: true })
  if (state.step === 'swapping') return action('swapping', 'Swapping…', { pending: true })
  if (state.step === 'done') return action('done', 'Swap again', { disabled: false })
  if (!input.from || !input.to) return action('select-token', 'Select a token')
  if (input.issue?.kind === 'invalid-amount') return action('invalid-amount', 'Invalid amount')
  if (input.amount === undefined) return action('enter-amount', 'Enter an amount')
  if (input.issue?.kind === 'insufficient-balance')
    return action('insufficient-balance', 'Insufficient balance')
  // The server's 400 says why there is no route; the label names liquidity only when it does.
  if (state.issue?.kind === 'no-liquidity')
    return action(
      'no-liquidity',
      /liquidity/i.test(state.issue.message) ? 'No liquidity' : 'Swap unavailable',
    )
  if (state.issue?.kind === 'quote-failed')
    return action('retry-quote', 'Try again', { disabled: false })
  if (state.quoteStatus !== 'ready' || !state.quote)
    return action('quote-loading', 'Getting quote…', { pending: true })
  // A batching wallet approves and swaps in the one request the Swap button sends.
  return needsApproval && !state.batches
    ? action('approve', `Approve ${symbol}`, { disabled: false })
    : action('swap', 'Swap', { disabled: false })
}
