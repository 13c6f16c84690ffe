import { readSwapInput } from '../describeSwap.ts'
import type { QuoteRequest } from '../fetchQuote.ts'
import type { SwapContext } from '../swapContext.ts'
import type { SwapState } from '../types.ts'

/** The quote a state asks for: a pair and an amount, by the account on the tokens' network. */
export function quoteRequest(context: SwapContext, state: SwapState): QuoteRequest | undefined {
  const input = readSwapInput(state)
  const current = context.account()
  if (!input.from || !input.to || input.amount === undefined || !current) return undefined
  if (current.chainId !== state.chainId) return undefined
  return {
    user: current.user,
    from: input.from,
    to: input.to,
    amount: input.amount,
    slippage: state.slippage,
    withGas: input.issue === undefined,
  }
}

/** After the tokens or amount changed: the old quote goes, and what is wrong is said or a new one asked. */
export function askQuote(context: SwapContext): void {
  const request = quoteRequest(context, context.state())
  context.dispatch({ type: 'inputChanged', asking: request !== undefined })
  if (request) context.quotes.schedule(request)
  else context.quotes.cancel()
}
