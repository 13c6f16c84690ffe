import { decodeBase58, isSolanaAddress } from '@latch/protocol/solana'
import {
  base58LengthOf,
  decodeBase64,
  decodeSolanaTransaction,
  SOLANA_MESSAGE_MAX_BYTES,
  SOLANA_TRANSACTION_MAX_BYTES,
  type SolanaTransaction,
  SolanaWireError,
} from '@latch/protocol/solana-wire'
import { z } from 'zod'
import { HttpError } from '../../../errors.ts'

/** Transactions one solana_signAllTransactions signs at most. */
export const SIGN_ALL_MAX_TRANSACTIONS = 50

export const solanaAddressParam = z
  .string()
  .refine(isSolanaAddress, 'Expected a Solana address (32 to 44 base58 characters)')

/** Message bytes as base58 (WalletConnect's Solana RPC). */
export const base58Message = z
  .string()
  .min(1, 'Expected a non-empty base58 message')
  // Checked before decoding: anything longer is over the limit anyway, and costs no decode.
  .max(
    base58LengthOf(SOLANA_MESSAGE_MAX_BYTES),
    `The message is longer than ${SOLANA_MESSAGE_MAX_BYTES} bytes`,
  )
  .transform((value, context) => {
    const bytes = decodeBase58(value)
    if (!bytes) {
      context.addIssue({ code: 'custom', message: 'Expected a base58 message' })
      return z.NEVER
    }
    if (bytes.length > SOLANA_MESSAGE_MAX_BYTES) {
      context.addIssue({
        code: 'custom',
        message: `The message is longer than ${SOLANA_MESSAGE_MAX_BYTES} bytes`,
      })
      return z.NEVER
    }
    return bytes
  })

/** A transaction in its wire form as base64, decoded (signatures, message). */
export const base64Transaction = z
  .string()
  .max(Math.ceil(SOLANA_TRANSACTION_MAX_BYTES / 3) * 4, 'The transaction is too large')
  .transform((value, context): SolanaTransaction => {
    const bytes = decodeBase64(value)
    if (!bytes || bytes.length === 0) {
      context.addIssue({ code: 'custom', message: 'Expected a base64 transaction' })
      return z.NEVER
    }
    try {
      return decodeSolanaTransaction(bytes)
    } catch (error) {
      if (!(error instanceof SolanaWireError)) throw error
      context.addIssue({ code: 'custom', message: error.message })
      return z.NEVER
    }
  })

/** Refuses a public key that is not the user's Solana account. */
export function assertOwnSolanaAddress(pubkey: string, own: string): void {
  if (pubkey !== own) throw new HttpError(400, `Address ${pubkey} is not the connected account`)
}
