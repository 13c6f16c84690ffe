import { encodeBase58 } from '@latch/protocol/solana'
import { decodeSolanaMessage } from '@latch/protocol/solana-wire'
import { z } from 'zod'
import { HttpError } from '../../../errors.ts'
import type { SolanaSigner } from '../../solanaKeys.ts'
import { parseParams } from '../params.ts'
import { assertOwnSolanaAddress, base58Message, solanaAddressParam } from './params.ts'

const signMessageParams = z.object({ message: base58Message, pubkey: solanaAddressParam })

/** Whether `bytes` read as a whole transaction message. */
function isTransactionMessage(bytes: Uint8Array): boolean {
  try {
    decodeSolanaMessage(bytes)
    return true
  } catch {
    return false
  }
}

/**
 * solana_signMessage { message: base58, pubkey } -> { signature: base58 }: ed25519 over the
 * message bytes. Bytes that form a transaction are refused: signed here, they would authorize it
 * behind a screen that showed them as a message.
 */
export async function solanaSignMessage(
  signer: SolanaSigner,
  params: unknown,
): Promise<{ signature: string }> {
  const { message, pubkey } = parseParams('solana_signMessage', signMessageParams, params)
  assertOwnSolanaAddress(pubkey, signer.address)
  if (isTransactionMessage(message))
    throw new HttpError(
      400,
      'This message is a Solana transaction: sign it with solana_signTransaction',
    )
  return { signature: encodeBase58(signer.sign(message)) }
}
