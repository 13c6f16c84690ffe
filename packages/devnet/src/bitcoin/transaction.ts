import { RawTx } from '@scure/btc-signer'
import { displayHash, hex, sha256d } from './bytes.ts'

/** A transaction as the wire encodes it; input txids are in display order (hex as shown). */
export type RawTransaction = ReturnType<typeof RawTx.decode>

/** A decoded transaction with the figures the chain and the explorer need. */
export type ParsedTransaction = {
  tx: RawTransaction
  /** The bytes as broadcast, witness included. */
  raw: Uint8Array
  txid: string
  /** Differs from txid when the transaction carries a witness. */
  wtxid: string
  /** Bytes with the witness. */
  size: number
  /** Bytes without the witness (what the txid hashes). */
  baseSize: number
  /** baseSize x 3 + size (BIP-141). */
  weight: number
  /** Weight / 4, rounded up: what fee rates count. */
  vsize: number
}

/** The serialization a txid hashes: without marker, flag and witnesses. */
export function serializeWithoutWitness(tx: RawTransaction): Uint8Array {
  return RawTx.encode({ ...tx, segwitFlag: false, witnesses: undefined })
}

/** Decodes a raw transaction; throws when the bytes are not one (or have bytes left over). */
export function parseTransaction(raw: Uint8Array): ParsedTransaction {
  const tx = RawTx.decode(raw)
  const base = serializeWithoutWitness(tx)
  const weight = base.length * 3 + raw.length
  return {
    tx,
    raw: Uint8Array.from(raw),
    txid: displayHash(sha256d(base)),
    wtxid: displayHash(sha256d(raw)),
    size: raw.length,
    baseSize: base.length,
    weight,
    vsize: Math.ceil(weight / 4),
  }
}

/** Encodes `tx` (with its witness when it has one) and parses it back with its figures. */
export function buildTransaction(tx: RawTransaction): ParsedTransaction {
  const hasWitness = tx.witnesses?.some((stack) => stack.length > 0) ?? false
  return parseTransaction(
    RawTx.encode(
      hasWitness ? { ...tx, segwitFlag: true } : { ...tx, segwitFlag: false, witnesses: undefined },
    ),
  )
}

const NULL_TXID = '0'.repeat(64)

/** A coinbase spends the null outpoint, and only it. */
export function isCoinbase(tx: RawTransaction): boolean {
  const [first] = tx.inputs
  return tx.inputs.length === 1 && first !== undefined && isNullOutpoint(first)
}

export function isNullOutpoint(input: RawTransaction['inputs'][number]): boolean {
  return input.index === 0xffffffff && hex.encode(input.txid) === NULL_TXID
}

/** `txid:vout`, the key of a coin. */
export const outpointKey = (txid: string, vout: number): string => `${txid}:${vout}`
