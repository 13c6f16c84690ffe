import { encodeBase64 } from '@latch/protocol/solana-wire'
import { z } from 'zod'
import type { SolanaChainClient } from '../../../families/solana/clients.ts'
import type { SolanaSigner } from '../../solanaKeys.ts'
import { parseParams } from '../params.ts'
import { base64Transaction } from './params.ts'
import { solanaSendError } from './sendError.ts'
import { assertFullySigned, signWireTransaction } from './signTransaction.ts'

const commitment = z.enum(['processed', 'confirmed', 'finalized'])

/** The send options Solana's sendTransaction takes; others are refused rather than dropped. */
const sendOptions = z
  .object({
    skipPreflight: z.boolean().optional(),
    preflightCommitment: commitment.optional(),
    maxRetries: z.number().int().min(0).max(100).optional(),
    minContextSlot: z.number().int().nonnegative().optional(),
  })
  .strict()

const signAndSendParams = z.object({
  transaction: base64Transaction,
  sendOptions: sendOptions.optional(),
})

/**
 * solana_signAndSendTransaction { transaction: base64, sendOptions? } -> { signature }: signs as
 * the user, then sends through the chain's RPC (the node simulates it first unless skipPreflight).
 */
export async function solanaSignAndSendTransaction(
  signer: SolanaSigner,
  chain: SolanaChainClient,
  params: unknown,
): Promise<{ signature: string }> {
  const { transaction, sendOptions: options } = parseParams(
    'solana_signAndSendTransaction',
    signAndSendParams,
    params,
  )
  const signed = signWireTransaction(signer, transaction)
  assertFullySigned(transaction.message, signed.signatures)
  try {
    const signature = await chain.rpc.call<string>('sendTransaction', [
      encodeBase64(signed.bytes),
      { encoding: 'base64', preflightCommitment: 'confirmed', ...options },
    ])
    return { signature }
  } catch (error) {
    throw solanaSendError(error, transaction.message)
  }
}
