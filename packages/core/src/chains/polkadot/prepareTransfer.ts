import { ruleInDetails } from '../receiverRefusal.ts'
import type { TransferPreparation } from '../types.ts'

/** Substrate's generic address prefix, for a network the site gives none. */
const GENERIC_SS58_PREFIX = 42

/**
 * Polkadot's part of a send: a receiver of the network's SS58 prefix, then the transfer built by
 * the server, whose fee the review shows exactly and which must leave the sender at least the
 * existential deposit (a transferKeepAlive), said before anything is signed.
 */
export const polkadotTransferPreparation: TransferPreparation = {
  async check(draft, tools) {
    const [{ validatePolkadotSend }, { parseAmount }] = await Promise.all([
      import('./validateSend.ts'),
      import('../../validation/sendFields.ts'),
    ])
    const network = {
      name: tools.network?.name ?? tools.caipNetworkId,
      ss58Prefix: tools.network?.ss58Prefix ?? GENERIC_SS58_PREFIX,
    }
    return validatePolkadotSend(draft, network, parseAmount)
  },
  feeBeforeReview: true,
  reviewFee: (transfer, tools) => tools.transferFee(transfer),
  async refusal({ transfer, fee, balance, format }) {
    if (fee.existentialDeposit === undefined) return undefined
    const { existentialDepositProblem } = await import('./validateSend.ts')
    return existentialDepositProblem({
      balance,
      amount: transfer.amount,
      fee: fee.fee,
      existentialDeposit: fee.existentialDeposit,
      format,
    })
  },
  async maxNative(_draft, tools) {
    // The fee of a transfer like this one, twice over, and the existential deposit stay.
    const [held, { fee, existentialDeposit = 0n }] = await Promise.all([
      tools.nativeBalance(),
      tools.transferFee({ to: tools.address, amount: 1n }),
    ])
    const most = held - fee * 2n - existentialDeposit
    return most > 0n ? most : 0n
  },
  receiverRefusal: ruleInDetails,
}
