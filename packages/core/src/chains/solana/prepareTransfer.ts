import { phrase } from '../../i18n/phrases.ts'
import { invalidReceiverBecause } from '../receiverRefusal.ts'
import type { TransferPreparation } from '../types.ts'

/** What a Solana transfer costs before any receiver's token account: one signature. */
export const SOLANA_SIGNATURE_FEE = 5000n

/**
 * Solana's part of a send: a base58 receiver (names point to EVM addresses, so none is looked
 * up), the fee of one signature in the form, and in the review the node's price of the built
 * message plus the rent of a token account the send opens for the receiver.
 */
export const solanaTransferPreparation: TransferPreparation = {
  async check(draft, tools) {
    const { validateSolanaSend } = await import('./validateSend.ts')
    const { token, amount, receiver } = draft
    const mint = token?.address
    return validateSolanaSend({
      ...(token
        ? {
            token: {
              decimals: token.decimals,
              symbol: token.symbol,
              ...(mint ? { address: `${tools.caipNetworkId}:${mint}` as const } : {}),
            },
          }
        : {}),
      ...(amount !== undefined ? { amount } : {}),
      ...(receiver !== undefined ? { receiver } : {}),
    })
  },
  fixedFee: SOLANA_SIGNATURE_FEE,
  reviewFee: (transfer, tools) => tools.transferFee(transfer),
  async maxNative(_draft, tools) {
    // Twice the fee of one signature stays back: the fee of this send, with a margin.
    const held = await tools.nativeBalance()
    const reserve = SOLANA_SIGNATURE_FEE * 2n
    return held > reserve ? held - reserve : 0n
  },
  receiverRefusal: () => invalidReceiverBecause(phrase('send.solanaAddressRule')),
}
