import { englishText } from '@latch/protocol/i18n'
import type { SentTransfer } from '../../chains/types.ts'
import { displayText } from '../../displayMessage.ts'
import type { SendContext } from '../sendContext.ts'
import type { SendResult, SendReview } from '../sendFlowTypes.ts'
import { watchReceipt } from './watchReceipt.ts'

/** The result screen's account of a sent transfer, with its explorer page when the network has one. */
function resultOf(
  context: SendContext,
  reviewed: SendReview,
  sent: SentTransfer,
  nativeSymbol: string,
): SendResult {
  const hash = sent.id
  const explorer = context.deps.network(sent.caipNetworkId)?.blockExplorers?.default
  const { token, amount } = reviewed.request
  return {
    hash,
    chainId: sent.caipNetworkId,
    amount: amount ?? '',
    symbol: token?.symbol ?? nativeSymbol,
    receiver: reviewed.request.receiver,
    ...(reviewed.receiverName ? { receiverName: reviewed.receiverName } : {}),
    ...(explorer
      ? {
          explorerUrl: `${explorer.url.replace(/\/+$/, '')}/tx/${hash}`,
          explorerName: explorer.name,
        }
      : {}),
    status: 'pending',
  }
}

/**
 * Send, from the review: the reviewed transfer goes to the wallet, never before its fee was
 * checked nor when the balance cannot pay it. A refusal goes back to the review with the reason;
 * once sent, the result screen (or, the visitor gone, a fresh form) and the receipt's watch.
 */
export async function confirm(context: SendContext): Promise<void> {
  const { step, review: reviewed, fee } = context.state()
  const sender = context.sender()
  if (step !== 'review' || !reviewed || !sender || fee.status === 'loading') return
  if (reviewed.shortfall) return
  context.dispatch({ type: 'sending' })
  const { deps } = context
  const nativeSymbol = context.currencyOf(sender.caipNetworkId).symbol
  const tracked = {
    chain: sender.caipNetworkId,
    token: reviewed.request.token?.symbol ?? nativeSymbol,
  }
  let sent: SentTransfer
  try {
    sent = await deps.send(reviewed.request)
  } catch (caught) {
    const error = displayText(caught)
    const properties = { ...tracked, message: englishText(error) }
    deps.events?.emit({ type: 'track', event: 'SEND_ERROR', properties })
    return context.dispatch({ type: 'sendFailed', error })
  }
  deps.events?.emit({ type: 'track', event: 'SEND_SUCCESS', properties: tracked })
  const result = resultOf(context, reviewed, sent, nativeSymbol)
  // Left meanwhile (the modal closed): the snackbar tells the outcome, the next Send is fresh.
  if (context.inFlow()) context.dispatch({ type: 'sent', result })
  else context.reset()
  void watchReceipt(context, result, sent)
}
