import { LatchError } from '../../errors.ts'
import { feeOptions, TYPICAL_BITCOIN_VSIZE } from '../bitcoinFeeRate.ts'
import type { SendContext, Sender } from '../sendContext.ts'
import type { SendFeeRate } from '../sendFlowTypes.ts'
import { priceFormAtRate } from './priceFormAtRate.ts'

/** The rate state kept across a reload of the rates: the visitor's pick and what they typed. */
function keptChoice(context: SendContext, status: SendFeeRate['status']): SendFeeRate {
  const known = context.state().feeRate
  return { status, choice: known?.choice ?? 'normal', custom: known?.custom ?? '', options: [] }
}

/**
 * For a fee chosen by rate (Bitcoin): the network's rates, read once per form, then the form's
 * fee at the rate chosen for a typical transfer. Rates that cannot be read leave the fee unavailable.
 */
export async function loadFeeRates(
  context: SendContext,
  sender: Sender,
  asked: number,
): Promise<void> {
  if (context.state().feeRate?.status === 'ready') return priceFormAtRate(context, sender)
  context.dispatch({
    type: 'feeChanged',
    feeRate: keptChoice(context, 'loading'),
    fee: { status: 'loading' },
  })
  try {
    if (!sender.feeRates) throw new LatchError('Network fee unavailable')
    const rates = await sender.feeRates(sender.caipNetworkId)
    if (!context.isLatest(asked)) return
    const usdPerUnit = context.usdPerUnit(sender.caipNetworkId)
    const options = feeOptions(rates, TYPICAL_BITCOIN_VSIZE, usdPerUnit)
    context.dispatch({ type: 'feeChanged', feeRate: { ...keptChoice(context, 'ready'), options } })
    priceFormAtRate(context, sender)
  } catch {
    if (!context.isLatest(asked)) return
    context.dispatch({
      type: 'feeChanged',
      feeRate: keptChoice(context, 'unavailable'),
      fee: { status: 'unavailable' },
    })
  }
}
