import { TYPICAL_BITCOIN_VSIZE } from '../bitcoinFeeRate.ts'
import { priceAtRate } from '../priceAtRate.ts'
import type { SendContext, Sender } from '../sendContext.ts'

/**
 * The form's fee at the rate chosen, for a typical transfer (its receiver and coins unknown yet),
 * with each speed's fee beside; unavailable while no rate is chosen (one typed wrong).
 */
export function priceFormAtRate(context: SendContext, sender: Sender): void {
  const { caipNetworkId } = sender
  const priced = priceAtRate(
    context.state().feeRate,
    TYPICAL_BITCOIN_VSIZE,
    context.usdPerUnit(caipNetworkId),
  )
  if (!priced) return
  const { feeRate, rate } = priced
  context.dispatch({
    type: 'feeChanged',
    feeRate,
    fee:
      rate === undefined
        ? { status: 'unavailable' }
        : context.priced(caipNetworkId, {
            fee: BigInt(TYPICAL_BITCOIN_VSIZE) * BigInt(rate),
            vsize: TYPICAL_BITCOIN_VSIZE,
            feeRate: rate,
          }),
  })
}
