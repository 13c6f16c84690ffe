import { createPublicKey, verify } from 'node:crypto'
import {
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'

/** The compiled message of a legacy or version-0 transaction, the versions this chain runs. */
export type LegacyOrV0Message = Extract<CompiledTransactionMessage, { version: 'legacy' | 0 }> &
  CompiledTransactionMessageWithLifetime

/** A wire transaction taken apart: what the chain checks, runs and records. */
export type DecodedTransaction = {
  bytes: Uint8Array
  transaction: Transaction
  message: LegacyOrV0Message
  /** Base58 signatures in the order of the signer accounts; the first names the transaction. */
  signatures: string[]
  /** Signatures as bytes (all zero where a signer has not signed). */
  signatureBytes: Uint8Array[]
  version: 'legacy' | 0
}

/** Reads a serialized transaction; throws with the decoder's reason when it is malformed. */
export function decodeTransaction(bytes: Uint8Array): DecodedTransaction {
  const transaction = getTransactionDecoder().decode(bytes)
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  if (compiled.version !== 'legacy' && compiled.version !== 0) {
    throw new Error(`unsupported transaction version ${String(compiled.version)}`)
  }
  const message = compiled as LegacyOrV0Message
  const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts)
  const signatureBytes = signers.map(
    (address) => new Uint8Array(transaction.signatures[address] ?? new Uint8Array(64)),
  )
  const base58 = getBase58Decoder()
  return {
    bytes,
    transaction,
    message,
    signatures: signatureBytes.map((signature) => base58.decode(signature)),
    signatureBytes,
    version: message.version,
  }
}

// DER prefix of an ed25519 SubjectPublicKeyInfo; the 32-byte key follows it.
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/** Whether every required signature is present and valid over the message. */
export function verifySignatures(decoded: DecodedTransaction): boolean {
  const signers = decoded.message.staticAccounts.slice(0, decoded.message.header.numSignerAccounts)
  const base58 = getBase58Encoder()
  const message = new Uint8Array(decoded.transaction.messageBytes)
  return signers.every((address, index) => {
    const signature = decoded.signatureBytes[index]
    if (!signature) return false
    const key = createPublicKey({
      key: Buffer.concat([SPKI_ED25519_PREFIX, new Uint8Array(base58.encode(address))]),
      format: 'der',
      type: 'spki',
    })
    return verify(null, message, key, signature)
  })
}

/** Serializes `messageBytes` with its signatures (compact-u16 count first) as the network expects. */
export function encodeWireTransaction(
  messageBytes: Uint8Array,
  signatures: Uint8Array[],
): Uint8Array {
  const count = signatures.length
  const prefix = count < 0x80 ? [count] : [(count & 0x7f) | 0x80, count >> 7]
  const out = new Uint8Array(prefix.length + count * 64 + messageBytes.length)
  out.set(prefix, 0)
  signatures.forEach((signature, index) => {
    out.set(signature, prefix.length + index * 64)
  })
  out.set(messageBytes, prefix.length + count * 64)
  return out
}
