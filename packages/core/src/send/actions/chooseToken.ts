import type { SendContext } from '../sendContext.ts'
import { estimateFormFee } from './estimateFormFee.ts'

/** Chooses the token to send by its balance key, in the form, and estimates the fee of sending it. */
export function chooseToken(context: SendContext, tokenKey: string): void {
  if (context.state().step !== 'form') return
  context.dispatch({ type: 'tokenChosen', tokenKey })
  void estimateFormFee(context)
}
