import { decimal } from '@latch/protocol/i18n'
import type { SentTransfer } from '../../chains/types.ts'
import { displayText } from '../../displayMessage.ts'
import { phrase } from '../../i18n/phrases.ts'
import type { SendContext } from '../sendContext.ts'
import type { SendResult } from '../sendFlowTypes.ts'

const FAILED_ON_CHAIN = 'The transaction failed on chain'

/**
 * Waits for the receipt: the result screen, and a toast wherever the visitor is, say how it went.
 * No receipt is not a failure: the screen stops saying it waits, and says where to look.
 */
export async function watchReceipt(
  context: SendContext,
  result: SendResult,
  sent: SentTransfer,
): Promise<void> {
  const { deps } = context
  const { hash } = result
  try {
    const receipt = await deps.waitForTransfer(sent)
    context.dispatch({ type: 'receipt', hash, status: receipt.success ? 'confirmed' : 'failed' })
    if (receipt.success) {
      deps.snackbar.showSuccess(
        phrase('snackbar.sent', { amount: decimal(result.amount), symbol: result.symbol }),
      )
      return
    }
    deps.snackbar.showError(FAILED_ON_CHAIN)
    deps.events?.emit({
      type: 'track',
      event: 'SEND_ERROR',
      properties: { chain: result.chainId, token: result.symbol, message: FAILED_ON_CHAIN },
    })
  } catch (caught) {
    context.dispatch({ type: 'receipt', hash, status: 'unconfirmed' })
    deps.snackbar.showError(displayText(caught))
  }
}
