import { decodeBase58, isSolanaAddress } from '@latch/protocol/solana'
import {
  decodeBase64,
  decodeSolanaTransaction,
  SOLANA_TRANSACTION_MAX_BYTES,
  type SolanaTransaction,
  SolanaWireError,
} from '@latch/protocol/solana-wire'
import { z } from 'zod'
import { HttpError } from '../../../errors.ts'

/** The longest message solana_signMessage signs, in bytes: a sign-in text is far shorter. */
export const SOLANA_MESSAGE_MAX_BYTES = 65_536

/** Transactions one solana_signAllTransactions signs at most. */
export const SIGN_ALL_MAX_TRANSACTIONS = 50

export const solanaAddressParam = z
  .string()
  .refine(isSolanaAddress, 'Expected a Solana address (32 to 44 base58 characters)')

/** Message bytes as base58 (WalletConnect's Solana RPC). */
export const base58Message = z
  .string()
  .min(1, 'Expected a non-empty base58 message')
  // Base58 takes about 1.37 characters a byte: anything longer is over the limit anyway.
  .max(Math.ceil(SOLANA_MESSAGE_MAX_BYTES * 1.4), 'The message is too long')
  .transform((value, context) => {
    const bytes = decodeBase58(value)
    if (!bytes) {
      context.addIssue({ code: 'custom', message: 'Expected a base58 message' })
      return z.NEVER
    }
    if (bytes.length > SOLANA_MESSAGE_MAX_BYTES) {
      context.addIssue({ code: 'custom', message: 'The message is too long' })
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
