import { formatUnits } from 'viem'
import { LatchError } from '../../errors.ts'
import { TYPICAL_BITCOIN_VSIZE } from '../bitcoinFeeRate.ts'
import { priceAtRate } from '../priceAtRate.ts'
import type { SendContext, Sender } from '../sendContext.ts'
import type { CheckedSend } from './checkedSend.ts'

/**
 * The review of a send whose fee can refuse it (Bitcoin's coins, Polkadot's existential deposit):
 * the exact fee first, in the form; a send it refuses stays there with the reason and the fee.
 * A fee chosen by rate stays shown meanwhile; else the form says it is estimating.
 */
export async function reviewFeeBefore(
  context: SendContext,
  sender: Sender,
  { transfer, review, held, token }: CheckedSend,
): Promise<void> {
  const { preparation, tools, caipNetworkId } = sender
  const asked = context.ask()
  const rated = sender.feeRates !== undefined
  if (!rated) context.dispatch({ type: 'feeChanged', fee: { status: 'loading' } })
  const reckoned = await preparation.reviewFee(transfer, tools).catch((error: unknown) => {
    // A transfer refused has no fee to show: the refusal says why, not "estimating".
    if (!rated && context.isLatest(asked))
      context.dispatch({ type: 'feeChanged', fee: { status: 'idle' } })
    throw error
  })
  const stale = () => !context.isLatest(asked) || context.state().step !== 'form'
  if (stale()) return
  const refusal = await preparation.refusal?.({
    transfer,
    fee: reckoned,
    balance: held,
    format: (value) => `${formatUnits(value, token.decimals)} ${token.symbol}`,
  })
  if (stale()) return
  // The plan's own fee: more than vsize x rate when a change under the dust limit went to it.
  const fee = context.priced(caipNetworkId, reckoned)
  if (refusal) {
    context.dispatch({ type: 'feeChanged', fee })
    throw new LatchError(refusal)
  }
  // Each speed's fee is priced again at the transfer's exact size.
  const rerated = priceAtRate(
    context.state().feeRate,
    reckoned.vsize ?? TYPICAL_BITCOIN_VSIZE,
    context.usdPerUnit(caipNetworkId),
  )
  context.dispatch({
    type: 'reviewed',
    review,
    fee,
    ...(rerated ? { feeRate: rerated.feeRate } : {}),
  })
}
