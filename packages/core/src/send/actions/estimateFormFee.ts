import type { SendContext } from '../sendContext.ts'
import { tokenOf } from '../tokenOf.ts'
import { loadFeeRates } from './loadFeeRates.ts'

/**
 * The fee the form shows for sending the chosen token, before a receiver is known: at the rate
 * chosen where the visitor picks one, a fee the family knows at once, its estimate (EVM: gas),
 * or none where only the review can tell it (Polkadot: the server's reckoning of the built transfer).
 */
export async function estimateFormFee(context: SendContext): Promise<void> {
  const entry = context.selected()
  const sender = context.sender()
  const asked = context.ask()
  if (!entry || !sender) return
  if (sender.feeRates) return loadFeeRates(context, sender, asked)
  const { preparation, caipNetworkId } = sender
  if (preparation.fixedFee !== undefined) {
    const fee = context.priced(caipNetworkId, { fee: preparation.fixedFee })
    return context.dispatch({ type: 'feeChanged', fee })
  }
  if (!preparation.formFee) return context.dispatch({ type: 'feeChanged', fee: { status: 'idle' } })
  context.dispatch({ type: 'feeChanged', fee: { status: 'loading' } })
  try {
    const reckoned = await preparation.formFee(tokenOf(entry).address, sender.tools)
    if (context.isLatest(asked))
      context.dispatch({ type: 'feeChanged', fee: context.priced(caipNetworkId, reckoned) })
  } catch {
    if (context.isLatest(asked))
      context.dispatch({ type: 'feeChanged', fee: { status: 'unavailable' } })
  }
}
