import { formatUnits } from 'viem'
import { chosenRate } from '../bitcoinFeeRate.ts'
import { formMessage } from '../formMessage.ts'
import type { SendContext } from '../sendContext.ts'
import { tokenOf } from '../tokenOf.ts'

/**
 * Max: all of a token; of the native coin, what is left once the transfer's own fee is kept back,
 * as the family reckons it (at the rate chosen, where the visitor picks one).
 */
export async function fillMax(context: SendContext): Promise<void> {
  const entry = context.selected()
  const sender = context.sender()
  if (!entry) return context.dispatch({ type: 'failed', error: 'A token is required' })
  if (!sender) return
  const token = tokenOf(entry)
  if (token.address)
    return context.dispatch({ type: 'amountFilled', amount: entry.quantity.numeric })
  const { receiver, feeRate } = context.state()
  const rate = chosenRate(feeRate)
  try {
    const most = await sender.preparation.maxNative(
      { receiver, ...(rate !== undefined ? { feeRate: rate } : {}) },
      sender.tools,
    )
    context.dispatch({ type: 'amountFilled', amount: formatUnits(most, token.decimals) })
  } catch (error) {
    context.dispatch({ type: 'failed', error: formMessage(error, sender.preparation) })
  }
}
