import { shortfallOf } from '@latch/protocol/fees'
import { decimal } from '@latch/protocol/i18n'
import { displayText } from '../../displayMessage.ts'
import { phrase } from '../../i18n/phrases.ts'
import type { SendContext, Sender } from '../sendContext.ts'
import type { CheckedSend } from './checkedSend.ts'

/**
 * The review shown while its fee is estimated, then the fee checked against the native balance
 * (the one just read when the native coin is sent, else read now): what it lacks for the amount
 * and the fee keeps Send off. An estimate that fails does not: the wallet estimates again when it
 * sends, and the visitor is told what the chain said.
 */
export async function reviewFeeAfter(
  context: SendContext,
  sender: Sender,
  { transfer, review, held, token }: CheckedSend,
): Promise<void> {
  const { preparation, tools, caipNetworkId } = sender
  const asked = context.ask()
  context.dispatch({ type: 'reviewed', review, fee: { status: 'loading' } })
  try {
    const [reckoned, balance] = await Promise.all([
      preparation.reviewFee(transfer, tools),
      token.address ? tools.nativeBalance() : held,
    ])
    if (!context.isLatest(asked)) return
    const currency = context.currencyOf(caipNetworkId)
    const value = transfer.token ? 0n : transfer.amount
    const short = shortfallOf({ balance, cost: { value, fee: reckoned.fee }, currency })
    const shortfall =
      short &&
      phrase(short.pays === 'fee' ? 'send.shortfallFee' : 'send.shortfallAmountAndFee', {
        symbol: currency.symbol,
        amount: decimal(short.more),
      })
    context.dispatch({
      type: 'reviewPriced',
      fee: context.priced(caipNetworkId, reckoned),
      ...(shortfall ? { shortfall } : {}),
    })
  } catch (error) {
    if (context.isLatest(asked))
      context.dispatch({ type: 'reviewFeeFailed', error: displayText(error) })
  }
}
