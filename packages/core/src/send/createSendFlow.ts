import { connectionMoved } from '../connection/connectionMoved.ts'
import { chooseFeeRate } from './actions/chooseFeeRate.ts'
import { chooseToken } from './actions/chooseToken.ts'
import { confirm } from './actions/confirm.ts'
import { edit } from './actions/edit.ts'
import { fillMax } from './actions/fillMax.ts'
import { review } from './actions/review.ts'
import { typeReceiver } from './actions/typeReceiver.ts'
import { createSendContext } from './sendContext.ts'
import type { SendFlowController, SendFlowDeps } from './sendFlowDeps.ts'

export { insufficientBalance } from './actions/review.ts'
export { RESOLVE_DEBOUNCE_MS } from './sendContext.ts'
export type { SendFlowController, SendFlowDeps } from './sendFlowDeps.ts'

/** The views of the Send flow: the approval screen of the embedded wallet is one of its steps. */
const FLOW_VIEWS: ReadonlySet<string> = new Set(['Send', 'ApproveTransaction'])

/**
 * The Send view's flow, kept here rather than in the view so it survives the view going
 * away: the embedded wallet's approval screen replaces it while the visitor approves, and the
 * result screen is there when they come back, as it is for an extension wallet. Its state moves
 * only by `reduceSend`; each method is an action of `actions/`, and what differs between chain
 * families is the family's `transferPreparation`, reached through its adapter.
 * @example const flow = createSendFlow({ balances, account, resolveName, estimateFee, ... })
 */
export function createSendFlow(deps: SendFlowDeps): SendFlowController {
  const isInFlow = () => deps.modal.state.get().open && FLOW_VIEWS.has(deps.router.state.get().view)
  // Created as the Send view first renders: already in the flow then.
  let inFlow = isInFlow()
  const context = createSendContext(deps, { inFlow: () => inFlow })

  // The flow lasts while the visitor is in it: leaving Send (or closing the modal) ends it, except
  // while the wallet is asked, and another account or network starts it afresh.
  const follow = () => {
    const now = isInFlow()
    if (inFlow && !now && context.state().step !== 'sending') context.reset()
    inFlow = now
  }
  deps.router.state.subscribe(follow)
  deps.modal.state.subscribe(follow)
  deps.account.subscribe((current, previous) => {
    if (connectionMoved(current, previous)) context.reset()
  })

  return {
    state: context.store,
    selectToken: (key) => chooseToken(context, key),
    setAmount: (amount) => context.dispatch({ type: 'amountTyped', amount }),
    setReceiver: (receiver) => typeReceiver(context, receiver),
    max: () => fillMax(context),
    setFeeSpeed: (choice) => chooseFeeRate(context, choice),
    setCustomFeeRate: (rate) => chooseFeeRate(context, 'custom', rate),
    review: () => review(context),
    edit: () => edit(context),
    send: () => confirm(context),
    reset: () => context.reset(),
  }
}
