import type { SendContext } from '../sendContext.ts'
import { estimateFormFee } from './estimateFormFee.ts'

/** Back from the review to the form, values kept: the review's fee question is dropped, the form's asked again. */
export function edit(context: SendContext): void {
  if (context.state().step !== 'review') return
  context.ask()
  context.dispatch({ type: 'edited' })
  void estimateFormFee(context)
}
