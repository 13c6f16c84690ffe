import { decimal, englishText } from '@latch/protocol/i18n'
import { QUOTE_REFRESH_MS } from '../../constants.ts'
import { displayText, SIGNATURE_DECLINED } from '../../displayMessage.ts'
import { UserRejectedError } from '../../errors.ts'
import { phrase } from '../../i18n/phrases.ts'
import { readSwapInput } from '../describeSwap.ts'
import { PriceChangedError } from '../errors.ts'
import { executeSwap } from '../executeSwap.ts'
import type { QuoteRequest } from '../fetchQuote.ts'
import { formatTokenUnits } from '../formatTokenAmount.ts'
import { isNativeToken } from '../isNativeToken.ts'
import { minimumReceived } from '../minimumReceived.ts'
import type { SwapAccount, SwapContext } from '../swapContext.ts'
import type { ReviewedQuote, SwapIssue, SwapState } from '../types.ts'

/** A swap under way: what was reviewed, and what the wallet and the chain have done so far. */
type Swapping = {
  request: QuoteRequest
  current: SwapAccount
  state: SwapState
  started: number
  reviewed: ReviewedQuote
  allowance: bigint
  router: SwapState['router']
}

/** The approval comes first unless the wallet batches it with the swap or the router may spend the amount. */
const approvesFirst = (swapping: Swapping) =>
  !swapping.state.batches &&
  !isNativeToken(swapping.request.from.address) &&
  swapping.allowance < swapping.request.amount

/**
 * Never sign on an old quote: past QUOTE_REFRESH_MS it is fetched again, and the swap stops if it
 * now gives less. False when a newer request took over.
 */
async function freshQuote(context: SwapContext, swapping: Swapping): Promise<boolean> {
  if (context.now() - swapping.reviewed.fetchedAt < QUOTE_REFRESH_MS) return true
  const answer = await context.quotes.run(swapping.request)
  if (swapping.started !== context.generation()) return false
  if (answer.stale) {
    context.dispatch({ type: 'stepChanged', step: 'review' })
    return false
  }
  context.dispatch({ type: 'quoteAnswered', answer: answer.value })
  const fresh = answer.value
  if (BigInt(fresh.quote.toAmount) < BigInt(swapping.reviewed.toAmount))
    throw new PriceChangedError()
  swapping.reviewed = fresh.quote
  swapping.allowance = fresh.allowance
  swapping.router = fresh.router ?? swapping.router
  context.dispatch({
    type: 'stepChanged',
    step: approvesFirst(swapping) ? 'approving' : 'swapping',
  })
  return true
}

/** Approves when needed, then swaps at the reviewed quote less the slippage (see executeSwap). */
async function execute(context: SwapContext, swapping: Swapping): Promise<`0x${string}`> {
  const { request, current, state, started } = swapping
  const still = () => started === context.generation()
  const { hash } = await executeSwap(
    {
      api: context.deps.api,
      evm: context.deps.evm,
      onStep: (step) => {
        if (still()) context.dispatch({ type: 'stepChanged', step })
      },
      onApproved: () => {
        swapping.allowance = request.amount
        if (still()) context.dispatch({ type: 'approved', allowance: request.amount })
      },
      onSent: (sent) => {
        if (still()) context.dispatch({ type: 'transactionSent', hash: sent })
      },
    },
    {
      chainId: current.evmChainId,
      user: current.user,
      from: { address: request.from.address, native: isNativeToken(request.from.address) },
      to: { address: request.to.address, native: isNativeToken(request.to.address) },
      amount: request.amount,
      slippage: state.slippage,
      minimumOut: minimumReceived(BigInt(swapping.reviewed.toAmount), state.slippage),
      allowance: swapping.allowance,
      ...(swapping.router ? { router: swapping.router } : {}),
    },
  )
  return hash
}

/** What kept the swap from happening, as the view and the snackbar say it. */
function swapIssue(error: unknown): SwapIssue {
  if (error instanceof UserRejectedError) return { kind: 'declined', message: SIGNATURE_DECLINED }
  if (error instanceof PriceChangedError)
    return { kind: 'price-changed', message: error.shortMessage }
  return { kind: 'swap-failed', message: displayText(error) }
}

/** The swap as reviewed, when the review allows it: its input checked, its quote ready. */
function reviewedSwap(context: SwapContext): Swapping | undefined {
  const state = context.state()
  const current = context.account()
  const { from, to, amount, issue } = readSwapInput(state)
  if (state.step !== 'review' || !current || current.chainId !== state.chainId) return undefined
  if (!from || !to || amount === undefined || issue) return undefined
  if (state.quoteStatus !== 'ready' || !state.quote) return undefined
  const request = { user: current.user, from, to, amount, slippage: state.slippage, withGas: true }
  const started = context.generation()
  const { quote: reviewed, allowance = 0n, router } = state
  return { request, current, state, started, reviewed, allowance, router }
}

/**
 * Swaps as reviewed: the quote fetched again when it is old, the router approved when it may not
 * spend the amount, then the swap. Resolves with its hash, or undefined when it did not happen:
 * the reason is the state's issue ('Signature declined' when the wallet declined), and after a
 * price change the current quote is shown.
 */
export async function confirmSwap(context: SwapContext): Promise<`0x${string}` | undefined> {
  const swapping = reviewedSwap(context)
  if (!swapping) return undefined
  const { request, current, started } = swapping
  const { from, to, amount } = request
  const { deps } = context
  context.dispatch({
    type: 'swapStarted',
    step: approvesFirst(swapping) ? 'approving' : 'swapping',
  })
  const tracked = { chain: `eip155:${current.evmChainId}`, from: from.symbol, to: to.symbol }
  try {
    if (!(await freshQuote(context, swapping))) return undefined
    const hash = await execute(context, swapping)
    deps.events?.emit({ type: 'track', event: 'SWAP_SUCCESS', properties: tracked })
    if (started !== context.generation()) return hash
    context.dispatch({ type: 'swapped', hash })
    const received = BigInt(swapping.reviewed.toAmount)
    deps.snackbar.showSuccess(
      phrase('swap.swapped', {
        paid: decimal(formatTokenUnits(amount, from.decimals)),
        from: from.symbol,
        received: decimal(formatTokenUnits(received, to.decimals)),
        to: to.symbol,
      }),
    )
    return hash
  } catch (error) {
    if (started !== context.generation()) return undefined
    const issue = swapIssue(error)
    const properties = { ...tracked, message: englishText(issue.message) }
    deps.events?.emit({ type: 'track', event: 'SWAP_ERROR', properties })
    context.dispatch({ type: 'swapFailed', issue })
    deps.snackbar.showError(issue.message)
    // The quote the user saw no longer holds: show the current one.
    if (issue.kind === 'price-changed') {
      const answer = await context.quotes.run(request).catch(() => undefined)
      if (answer && !answer.stale && started === context.generation())
        context.dispatch({ type: 'quoteAnswered', answer: answer.value })
    }
    return undefined
  }
}
