import { encodeBase58 } from '@latch/protocol/solana'
import {
  encodeBase64,
  encodeSolanaTransaction,
  isEmptySignature,
  requiredSigners,
  type SolanaMessage,
  type SolanaTransaction,
} from '@latch/protocol/solana-wire'
import { z } from 'zod'
import { HttpError } from '../../../errors.ts'
import type { SolanaSigner } from '../../solanaKeys.ts'
import { parseParams } from '../params.ts'
import { base64Transaction, SIGN_ALL_MAX_TRANSACTIONS } from './params.ts'

/** A transaction the user signed: its wire bytes, every signature slot, the user's signature. */
export type SignedTransaction = { signature: string; signatures: Uint8Array[]; bytes: Uint8Array }

/**
 * Signs the message part of `transaction` with the user's key and puts the signature in the
 * user's slot. A transaction that does not list the user among its signers is refused: there is
 * nothing the user's key may add to it.
 */
export function signWireTransaction(
  signer: SolanaSigner,
  transaction: SolanaTransaction,
): SignedTransaction {
  const slot = requiredSigners(transaction.message).indexOf(signer.address)
  if (slot < 0)
    throw new HttpError(
      400,
      `This transaction does not need a signature from the connected account ${signer.address}`,
    )
  const signature = signer.sign(transaction.messageBytes)
  const signatures = transaction.signatures.map((existing, index) =>
    index === slot ? signature : existing,
  )
  return {
    signature: encodeBase58(signature),
    signatures,
    bytes: encodeSolanaTransaction({ signatures, messageBytes: transaction.messageBytes }),
  }
}

/** Refuses to send a transaction another signer has not signed yet: the node would refuse it. */
export function assertFullySigned(message: SolanaMessage, signatures: Uint8Array[]): void {
  const missing = requiredSigners(message).find((_address, index) => {
    const signature = signatures[index]
    return signature === undefined || isEmptySignature(signature)
  })
  if (missing)
    throw new HttpError(400, `The transaction lacks the signature of ${missing}: it cannot be sent`)
}

const signTransactionParams = z.object({ transaction: base64Transaction })

/** solana_signTransaction { transaction: base64 } -> { signature, transaction: base64 signed }. */
export async function solanaSignTransaction(
  signer: SolanaSigner,
  params: unknown,
): Promise<{ signature: string; transaction: string }> {
  const { transaction } = parseParams('solana_signTransaction', signTransactionParams, params)
  const signed = signWireTransaction(signer, transaction)
  return { signature: signed.signature, transaction: encodeBase64(signed.bytes) }
}

const signAllParams = z.object({
  transactions: z
    .array(base64Transaction)
    .min(1, 'Expected at least one transaction')
    .max(SIGN_ALL_MAX_TRANSACTIONS, `At most ${SIGN_ALL_MAX_TRANSACTIONS} transactions at once`),
})

/**
 * solana_signAllTransactions { transactions: base64[] } -> { transactions: base64[] signed }, in
 * order; one the user need not sign refuses them all (none is signed).
 */
export async function solanaSignAllTransactions(
  signer: SolanaSigner,
  params: unknown,
): Promise<{ transactions: string[] }> {
  const { transactions } = parseParams('solana_signAllTransactions', signAllParams, params)
  const signed = transactions.map((transaction, index) => {
    try {
      return signWireTransaction(signer, transaction)
    } catch (error) {
      if (error instanceof HttpError)
        throw new HttpError(error.statusCode, `Transaction ${index + 1}: ${error.message}`)
      throw error
    }
  })
  return { transactions: signed.map((entry) => encodeBase64(entry.bytes)) }
}
