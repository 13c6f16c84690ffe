import type { SendContext } from '../sendContext.ts'
import type { FeeSpeed } from '../sendFlowTypes.ts'
import { priceFormAtRate } from './priceFormAtRate.ts'

/**
 * A fee rate chosen in the form (Bitcoin): a speed, or `custom` with the rate typed in sat/vB;
 * the form's fee follows it.
 */
export function chooseFeeRate(
  context: SendContext,
  choice: FeeSpeed | 'custom',
  custom?: string,
): void {
  const { step, feeRate } = context.state()
  const sender = context.sender()
  if (step !== 'form' || !feeRate || !sender) return
  context.dispatch({ type: 'feeRateChosen', choice, ...(custom !== undefined ? { custom } : {}) })
  priceFormAtRate(context, sender)
}
