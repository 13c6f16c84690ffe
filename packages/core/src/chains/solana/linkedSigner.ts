import type { CaipNetworkId } from '@latch/protocol/caip'
import { decodeBase58, encodeBase58 } from '@latch/protocol/solana'
import { decodeBase64, encodeBase64 } from '@latch/protocol/solana-wire'
import { LatchError } from '../../errors.ts'
import { linkedCall } from '../linkedCall.ts'
import type { LinkedAccount } from '../types.ts'
import type { SolanaSigner } from './transfer.ts'

/** A base58 signature of 64 bytes from a wallet's answer. */
function signatureOf(value: unknown): Uint8Array {
  const bytes = typeof value === 'string' ? decodeBase58(value) : undefined
  if (bytes?.length !== 64 || !bytes) throw new LatchError('The wallet sent no valid signature')
  return bytes
}

/**
 * Puts `signature` in the wire transaction's first signature slot, the fee payer's: the kit's
 * transfers have the sender as fee payer and only signer, and a wallet answering
 * solana_signTransaction may send the signature alone.
 */
function withFeePayerSignature(wire: Uint8Array, signature: Uint8Array): Uint8Array {
  // One compact-u16 byte counts the signatures (fewer than 128), then 64 bytes each.
  if (wire[0] === undefined || wire[0] < 1 || wire[0] > 127)
    throw new LatchError('The transaction has no signature slot')
  const signed = wire.slice()
  signed.set(signature, 1)
  return signed
}

/**
 * The linked account as a transaction signer on `caipNetworkId`, through WalletConnect's Solana
 * RPC (base64 wire in, base58 signature out): solana_signAndSendTransaction when the wallet
 * approved it, and solana_signTransaction (the kit sends it through the gateway) when it did.
 */
export function linkedSigner(linked: LinkedAccount, caipNetworkId: CaipNetworkId): SolanaSigner {
  const offers = (method: string) => linked.methods.includes(method)
  return {
    address: linked.address,
    ...(offers('solana_signAndSendTransaction')
      ? {
          signAndSendTransaction: async (wire) => {
            const result = await linkedCall(
              linked,
              'solana_signAndSendTransaction',
              { transaction: encodeBase64(wire), pubkey: linked.address },
              caipNetworkId,
            )
            return signatureOf(result.signature)
          },
        }
      : {}),
    ...(offers('solana_signTransaction')
      ? {
          signTransaction: async (wire) => {
            const result = await linkedCall(
              linked,
              'solana_signTransaction',
              { transaction: encodeBase64(wire), pubkey: linked.address },
              caipNetworkId,
            )
            const transaction =
              typeof result.transaction === 'string' ? decodeBase64(result.transaction) : undefined
            return transaction ?? withFeePayerSignature(wire, signatureOf(result.signature))
          },
        }
      : {}),
  }
}

/** Has the linked account sign `message` (UTF-8) with solana_signMessage; the base58 signature. */
export async function linkedSignMessage(
  linked: LinkedAccount,
  caipNetworkId: CaipNetworkId,
  message: string,
): Promise<string> {
  if (!linked.methods.includes('solana_signMessage'))
    throw new LatchError(`${linked.wallet.name} cannot sign messages`)
  const result = await linkedCall(
    linked,
    'solana_signMessage',
    { message: encodeBase58(new TextEncoder().encode(message)), pubkey: linked.address },
    caipNetworkId,
  )
  return encodeBase58(signatureOf(result.signature))
}
