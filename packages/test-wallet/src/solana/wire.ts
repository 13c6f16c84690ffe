/**
 * Solana's transaction wire format, as far as a signer needs it: a compact-u16 count of
 * signatures, the 64-byte signatures, then the message (legacy, or versioned with a leading
 * 0x80 | version byte) whose header says how many of its first account keys must sign.
 */

const SIGNATURE_BYTES = 64
const KEY_BYTES = 32

/** A transaction the wallet cannot read or sign; the text says what is wrong with it. */
export class TransactionFormatError extends Error {
  override name = 'TransactionFormatError'
}

export type WireTransaction = {
  version: 'legacy' | 0
  /** The signature slots, in the order of the message's signer keys (all zero when unsigned). */
  signatures: Uint8Array[]
  /** The bytes every signer signs. */
  message: Uint8Array
  /** The account keys that must sign, fee payer first. */
  signers: Uint8Array[]
  /** Where the signatures start in the wire bytes (after the count). */
  signaturesOffset: number
}

/** Reads a compact-u16 (1 to 3 bytes, 7 bits each, low first); returns [value, bytes read]. */
export function readCompactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw new TransactionFormatError('the transaction ends inside a length')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, i + 1]
  }
  throw new TransactionFormatError('a length is longer than 3 bytes')
}

export function parseWireTransaction(bytes: Uint8Array): WireTransaction {
  const [count, countBytes] = readCompactU16(bytes, 0)
  const signaturesOffset = countBytes
  const messageOffset = signaturesOffset + count * SIGNATURE_BYTES
  if (messageOffset >= bytes.length) {
    throw new TransactionFormatError(`the transaction is too short for ${count} signatures`)
  }
  const signatures: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const start = signaturesOffset + i * SIGNATURE_BYTES
    signatures.push(bytes.slice(start, start + SIGNATURE_BYTES))
  }
  const message = bytes.slice(messageOffset)

  let at = 0
  let version: 'legacy' | 0 = 'legacy'
  const first = message[0] as number
  if (first & 0x80) {
    const number = first & 0x7f
    if (number !== 0) throw new TransactionFormatError(`unsupported transaction version ${number}`)
    version = 0
    at = 1
  }
  if (message.length < at + 3) throw new TransactionFormatError('the message header is cut short')
  const required = message[at] as number
  at += 3
  const [keyCount, keyCountBytes] = readCompactU16(message, at)
  at += keyCountBytes
  if (message.length < at + keyCount * KEY_BYTES) {
    throw new TransactionFormatError(`the message is too short for ${keyCount} account keys`)
  }
  if (required === 0 || required > keyCount) {
    throw new TransactionFormatError(
      `the header requires ${required} signers of ${keyCount} account keys`,
    )
  }
  if (required !== count) {
    throw new TransactionFormatError(
      `the transaction has ${count} signature slots but its message requires ${required}`,
    )
  }
  const signers: Uint8Array[] = []
  for (let i = 0; i < required; i++) {
    signers.push(message.slice(at + i * KEY_BYTES, at + (i + 1) * KEY_BYTES))
  }
  return { version, signatures, message, signers, signaturesOffset }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

/** The transaction and the index of `publicKey` among its signers; throws when it is not one. */
export function signerSlot(
  bytes: Uint8Array,
  publicKey: Uint8Array,
): { transaction: WireTransaction; slot: number } {
  const transaction = parseWireTransaction(bytes)
  const slot = transaction.signers.findIndex((key) => sameBytes(key, publicKey))
  if (slot < 0) throw new TransactionFormatError('the wallet account is not a signer of it')
  return { transaction, slot }
}

/**
 * Signs the transaction's message with `sign` and writes the signature into the slot of
 * `publicKey` among its signers (the fee payer's slot when the wallet pays). Other slots are
 * kept as they came, so a transaction partly signed by the site stays valid.
 */
export function signWireTransaction(
  bytes: Uint8Array,
  publicKey: Uint8Array,
  sign: (message: Uint8Array) => Uint8Array,
): { signedTransaction: Uint8Array; signature: Uint8Array; transaction: WireTransaction } {
  const { transaction, slot } = signerSlot(bytes, publicKey)
  const signature = sign(transaction.message)
  const signedTransaction = new Uint8Array(bytes)
  signedTransaction.set(signature, transaction.signaturesOffset + slot * SIGNATURE_BYTES)
  transaction.signatures[slot] = signature
  return { signedTransaction, signature, transaction }
}
