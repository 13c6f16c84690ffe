import { LatchError } from '../../errors.ts'
import { ruleInDetails } from '../receiverRefusal.ts'
import type { TransferPreparation } from '../types.ts'

/**
 * Bitcoin's part of a send: a receiver of the network's kind, an amount above the dust limit and
 * a fee rate; the transfer is planned over the sender's coins before the review, so the review
 * shows the exact fee and what the coins cannot pay is said in the form.
 */
export const bitcoinTransferPreparation: TransferPreparation = {
  async check(draft, tools) {
    const [{ validateBitcoinSend }, { parseAmount }] = await Promise.all([
      import('./validateSend.ts'),
      import('../../validation/sendFields.ts'),
    ])
    return validateBitcoinSend(draft, tools.caipNetworkId, parseAmount)
  },
  feeBeforeReview: true,
  reviewFee: (transfer, tools) => tools.transferFee(transfer),
  async maxNative(draft, tools) {
    if (!tools.maxTransfer) throw new LatchError('Network fee unavailable')
    const receiver = draft.receiver?.trim()
    return tools.maxTransfer({
      ...(receiver ? { to: receiver } : {}),
      ...(draft.feeRate !== undefined ? { feeRate: draft.feeRate } : {}),
    })
  },
  receiverRefusal: ruleInDetails,
}
