import { connectionMoved } from '../connection/connectionMoved.ts'
import { confirmSwap } from './actions/confirmSwap.ts'
import {
  chooseToken,
  fillMax,
  flip,
  refreshQuote,
  startOver,
  typeAmount,
} from './actions/editInput.ts'
import { loadTokens } from './actions/loadTokens.ts'
import { heldBalances } from './heldBalances.ts'
import { joinBalances } from './joinBalances.ts'
import { isValidSlippage } from './minimumReceived.ts'
import { createSwapContext } from './swapContext.ts'
import type { SwapController, SwapDeps } from './swapDeps.ts'

export type { SwapController, SwapDeps } from './swapDeps.ts'

/**
 * The Swap view's controller: tokens with balances, debounced quotes of which only the latest
 * counts, and the approve-then-swap sequence. Its state moves only by `reduceSwap`; each method
 * is an action of `actions/`.
 * @example const swap = createSwap({ api, evm, balances, snackbar, account })
 */
export function createSwap(deps: SwapDeps): SwapController {
  const context = createSwapContext(deps)

  // The account's balances joined to the tokens as they change: Max and the checks follow.
  deps.balances.state.subscribe(() => {
    const state = context.state()
    if (state.tokensStatus !== 'ready') return
    const { tokens, prices } = context.catalogue
    const joined = joinBalances(tokens, heldBalances(context, state), prices)
    context.dispatch({ type: 'balancesJoined', tokens: joined })
  })
  // Another account or chain (or none) starts over; the view loads again.
  deps.account.subscribe((current, previous) => {
    const moved = connectionMoved(current, previous)
    if (moved && context.state().tokensStatus !== 'idle') context.reset()
  })

  return {
    state: context.store,
    load: () => loadTokens(context),
    setFrom: (token) => chooseToken(context, 'from', token),
    setTo: (token) => chooseToken(context, 'to', token),
    flip: () => flip(context),
    setAmount: (amount) => typeAmount(context, amount),
    setMax: () => fillMax(context),
    setSlippage(percent) {
      if (context.busy() || !isValidSlippage(percent)) return false
      context.dispatch({ type: 'slippageSet', slippage: percent })
      return true
    },
    refreshQuote: () => refreshQuote(context),
    swap: () => confirmSwap(context),
    startOver: () => startOver(context),
    reset: () => context.reset(),
  }
}
