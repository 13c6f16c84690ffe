// Solana's transaction wire format (legacy and version 0 messages), read without a codec
// library: the server finds the signature slot it fills, the wallet frame shows what a
// transaction does. No zod here: the frame's page imports it.

import { encodeBase58 } from './solanaAddress.ts'

/** The largest transaction a Solana node accepts (an IPv6 packet's payload), in bytes. */
export const SOLANA_TRANSACTION_MAX_BYTES = 1232

/**
 * The longest message solana_signMessage signs, in bytes: a sign-in text is far shorter, and
 * base58 decodes in quadratic time (64 KiB took 0.8 s), so the bound keeps a call cheap.
 */
export const SOLANA_MESSAGE_MAX_BYTES = 8192

/** Base58 characters that can hold `bytes` bytes (about 1.37 a byte, rounded up generously). */
export const base58LengthOf = (bytes: number) => Math.ceil(bytes * 1.4) + 1

/** One instruction as a message holds it: indexes into the message's accounts. */
export type CompiledInstruction = {
  programIdIndex: number
  accountIndexes: number[]
  data: Uint8Array
}

/** A transaction message, its addresses in base58. */
export type SolanaMessage = {
  version: 'legacy' | 0
  /** The first `numRequiredSignatures` static accounts sign; the first of them pays the fee. */
  header: {
    numRequiredSignatures: number
    numReadonlySignedAccounts: number
    numReadonlyUnsignedAccounts: number
  }
  staticAccounts: string[]
  recentBlockhash: string
  instructions: CompiledInstruction[]
  /** Version 0 only: accounts loaded from lookup tables, after the static ones. */
  addressTableLookups: { account: string; writableIndexes: number[]; readonlyIndexes: number[] }[]
}

/** A transaction: one 64-byte signature per required signer (zeros where not signed yet). */
export type SolanaTransaction = {
  signatures: Uint8Array[]
  /** The bytes every signature signs. */
  messageBytes: Uint8Array
  message: SolanaMessage
}

/** Bytes that are not a transaction or message this reader understands, and why. */
export class SolanaWireError extends Error {
  override name = 'SolanaWireError'
}

/** Reads the wire format front to back; every read past the end is a SolanaWireError. */
class Reader {
  offset = 0
  constructor(readonly bytes: Uint8Array) {}

  byte(): number {
    const value = this.bytes[this.offset]
    if (value === undefined) throw new SolanaWireError('The transaction ends too early')
    this.offset += 1
    return value
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length)
      throw new SolanaWireError('The transaction ends too early')
    const slice = this.bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return slice
  }

  /** Solana's compact-u16: 7 bits a byte, the high bit set while more follow, three bytes at most. */
  shortLength(): number {
    let value = 0
    for (let index = 0; index < 3; index++) {
      const byte = this.byte()
      value |= (byte & 0x7f) << (7 * index)
      if ((byte & 0x80) === 0) return value
    }
    throw new SolanaWireError('The transaction has a malformed length')
  }

  address(): string {
    return encodeBase58(this.take(32))
  }

  indexes(): number[] {
    return Array.from(this.take(this.shortLength()))
  }
}

function readMessage(reader: Reader): SolanaMessage {
  const first = reader.bytes[reader.offset]
  let version: SolanaMessage['version'] = 'legacy'
  // A versioned message sets the high bit of its first byte; a legacy one starts with its header.
  if (first !== undefined && first & 0x80) {
    reader.byte()
    const number = first & 0x7f
    if (number !== 0) throw new SolanaWireError(`Transaction version ${number} is not supported`)
    version = 0
  }
  const header = {
    numRequiredSignatures: reader.byte(),
    numReadonlySignedAccounts: reader.byte(),
    numReadonlyUnsignedAccounts: reader.byte(),
  }
  const staticAccounts = Array.from({ length: reader.shortLength() }, () => reader.address())
  if (header.numRequiredSignatures === 0 || header.numRequiredSignatures > staticAccounts.length)
    throw new SolanaWireError('The transaction names no valid fee payer')
  const recentBlockhash = reader.address()
  const instructions = Array.from({ length: reader.shortLength() }, () => ({
    programIdIndex: reader.byte(),
    accountIndexes: reader.indexes(),
    data: reader.take(reader.shortLength()).slice(),
  }))
  const addressTableLookups =
    version === 0
      ? Array.from({ length: reader.shortLength() }, () => ({
          account: reader.address(),
          writableIndexes: reader.indexes(),
          readonlyIndexes: reader.indexes(),
        }))
      : []
  for (const instruction of instructions)
    if (instruction.programIdIndex >= staticAccounts.length)
      throw new SolanaWireError('An instruction names a program outside the transaction')
  return {
    version,
    header,
    staticAccounts,
    recentBlockhash,
    instructions,
    addressTableLookups,
  }
}

/** A transaction message from its bytes; trailing bytes are an error. */
export function decodeSolanaMessage(bytes: Uint8Array): SolanaMessage {
  const reader = new Reader(bytes)
  const message = readMessage(reader)
  if (reader.offset !== bytes.length)
    throw new SolanaWireError('The transaction has bytes after its message')
  return message
}

/** A whole transaction (signatures, then the message) from its wire bytes. */
export function decodeSolanaTransaction(bytes: Uint8Array): SolanaTransaction {
  if (bytes.length > SOLANA_TRANSACTION_MAX_BYTES)
    throw new SolanaWireError(
      `The transaction is larger than ${SOLANA_TRANSACTION_MAX_BYTES} bytes`,
    )
  const reader = new Reader(bytes)
  const signatures = Array.from({ length: reader.shortLength() }, () => reader.take(64).slice())
  const messageBytes = bytes.slice(reader.offset)
  const message = decodeSolanaMessage(messageBytes)
  if (signatures.length !== message.header.numRequiredSignatures)
    throw new SolanaWireError(
      `The transaction has ${signatures.length} signature slots for ` +
        `${message.header.numRequiredSignatures} signers`,
    )
  return { signatures, messageBytes, message }
}

/** The wire bytes of a transaction: its signatures (compact-u16 count first), then its message. */
export function encodeSolanaTransaction(
  transaction: Pick<SolanaTransaction, 'signatures' | 'messageBytes'>,
): Uint8Array {
  const count = shortLengthBytes(transaction.signatures.length)
  const out = new Uint8Array(
    count.length + 64 * transaction.signatures.length + transaction.messageBytes.length,
  )
  out.set(count, 0)
  transaction.signatures.forEach((signature, index) => {
    out.set(signature, count.length + 64 * index)
  })
  out.set(transaction.messageBytes, count.length + 64 * transaction.signatures.length)
  return out
}

/** Solana's compact-u16 of `value`: 7 bits a byte, low bits first, the high bit set while more follow. */
export function shortLengthBytes(value: number): Uint8Array {
  const bytes: number[] = []
  let rest = value
  do {
    let byte = rest & 0x7f
    rest >>= 7
    if (rest > 0) byte |= 0x80
    bytes.push(byte)
  } while (rest > 0)
  return Uint8Array.from(bytes)
}

/** The signers of a message: its first `numRequiredSignatures` static accounts, fee payer first. */
export function requiredSigners(message: SolanaMessage): string[] {
  return message.staticAccounts.slice(0, message.header.numRequiredSignatures)
}

/** Whether a signature slot is still empty (all zeros). */
export function isEmptySignature(signature: Uint8Array): boolean {
  return signature.every((byte) => byte === 0)
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** The bytes of standard base64 (the wire encoding Solana's RPC takes), or undefined. */
export function decodeBase64(value: string): Uint8Array | undefined {
  if (!BASE64.test(value)) return undefined
  return Uint8Array.from(atob(value), (character) => character.charCodeAt(0))
}

/** `bytes` in standard base64. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}
