import type { CaipAddress } from '@latch/protocol'
import { readSwapInput } from '../describeSwap.ts'
import { isNativeToken } from '../isNativeToken.ts'
import type { SwapContext } from '../swapContext.ts'
import { askQuote } from './askQuote.ts'

// The input's actions: each is locked while an approval or a swap is under way, and each change
// drops the quote and asks for the new input's.

/** A token for one side; the other side's token swaps the two. */
export function chooseToken(context: SwapContext, side: 'from' | 'to', token: CaipAddress): void {
  if (context.busy()) return
  context.dispatch({ type: 'tokenChosen', side, token })
  askQuote(context)
}

/** Sells what was bought and the other way round; the amount stays. */
export function flip(context: SwapContext): void {
  if (context.busy()) return
  context.dispatch({ type: 'flipped' })
  askQuote(context)
}

/** The amount to sell as typed; the same amount again asks nothing. */
export function typeAmount(context: SwapContext, amount: string): void {
  if (context.busy() || amount === context.state().amount) return
  context.dispatch({ type: 'amountTyped', amount })
  askQuote(context)
}

/** All that is held of an ERC-20: the native coin keeps what gas needs, so it has no Max. */
export function fillMax(context: SwapContext): void {
  const from = readSwapInput(context.state()).from
  if (!from || isNativeToken(from.address) || from.balanceNumeric === undefined) return
  typeAmount(context, from.balanceNumeric)
}

/** After a swap: an empty amount, the same tokens. */
export function startOver(context: SwapContext): void {
  if (context.busy()) return
  context.dispatch({ type: 'amountTyped', amount: '' })
  askQuote(context)
}

/** The quote of the current input, asked again. */
export function refreshQuote(context: SwapContext): void {
  if (!context.busy()) askQuote(context)
}
