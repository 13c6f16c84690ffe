import type { Text } from '@latch/protocol/i18n'
import type { TransferPreparation } from '../chains/types.ts'
import { displayText } from '../displayMessage.ts'

/**
 * What the form says of a refused send. A receiver typed wrong is told the family's rule when it
 * has one (Solana's address rule; the network a Bitcoin or Polkadot address belongs to; an EVM
 * address whose case is not its checksum, likely mistyped), not only that it is invalid.
 */
export function formMessage(
  error: unknown,
  preparation: Pick<TransferPreparation, 'receiverRefusal'> | undefined,
): Text {
  const message = displayText(error)
  if (message !== 'Invalid receiver address') return message
  return preparation?.receiverRefusal?.(error) ?? message
}
