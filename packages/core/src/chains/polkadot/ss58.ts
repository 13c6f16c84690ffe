import { blake2b } from '@noble/hashes/blake2.js'
import { base58 } from '@scure/base'

/** An account id (a 32-byte public key, or a hash of a longer one) with its SS58 prefix. */
export type Ss58Address = { publicKey: Uint8Array; prefix: number }

/** Why a string is no SS58 account address, in words a visitor can act on. */
export type Ss58Problem = 'format' | 'checksum'

const CONTEXT = new TextEncoder().encode('SS58PRE')
const ACCOUNT_ID_BYTES = 32
const CHECKSUM_BYTES = 2

const checksum = (body: Uint8Array) => {
  const input = new Uint8Array(CONTEXT.length + body.length)
  input.set(CONTEXT)
  input.set(body, CONTEXT.length)
  return blake2b(input, { dkLen: 64 }).subarray(0, CHECKSUM_BYTES)
}

/** Prefixes 0-63 take one byte; 64-16383 two, in the format's own bit order. */
function prefixBytes(prefix: number): Uint8Array {
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 16383 || prefix === 46 || prefix === 47)
    throw new RangeError(`${prefix} is not an SS58 address prefix`)
  if (prefix < 64) return Uint8Array.of(prefix)
  return Uint8Array.of(
    ((prefix & 0b1111_1100) >> 2) | 0b0100_0000,
    (prefix >> 8) | ((prefix & 0b11) << 6),
  )
}

/** The SS58 address of a 32-byte account id under `prefix` (42 generic Substrate, 0 Polkadot, 2 Kusama). */
export function encodeSs58(publicKey: Uint8Array, prefix: number): string {
  if (publicKey.length !== ACCOUNT_ID_BYTES)
    throw new RangeError(`An account id is ${ACCOUNT_ID_BYTES} bytes, not ${publicKey.length}`)
  const head = prefixBytes(prefix)
  const body = new Uint8Array(head.length + ACCOUNT_ID_BYTES)
  body.set(head)
  body.set(publicKey, head.length)
  const whole = new Uint8Array(body.length + CHECKSUM_BYTES)
  whole.set(body)
  whole.set(checksum(body), body.length)
  return base58.encode(whole)
}

/**
 * Reads an SS58 account address: its prefix and account id, or why it is none (not base58 of an
 * account id, or a checksum that does not match, i.e. a typo).
 */
export function decodeSs58(
  address: string,
): { ok: true; address: Ss58Address } | { ok: false; problem: Ss58Problem } {
  let bytes: Uint8Array
  try {
    bytes = base58.decode(address.trim())
  } catch {
    return { ok: false, problem: 'format' }
  }
  const [first = 0, second = 0] = bytes
  if (first > 127) return { ok: false, problem: 'format' }
  const headLength = first < 64 ? 1 : 2
  if (bytes.length !== headLength + ACCOUNT_ID_BYTES + CHECKSUM_BYTES)
    return { ok: false, problem: 'format' }
  const body = bytes.subarray(0, headLength + ACCOUNT_ID_BYTES)
  const expected = checksum(body)
  const given = bytes.subarray(body.length)
  if (expected[0] !== given[0] || expected[1] !== given[1])
    return { ok: false, problem: 'checksum' }
  const prefix =
    headLength === 1
      ? first
      : ((first & 0b0011_1111) << 2) | (second >> 6) | ((second & 0b0011_1111) << 8)
  return { ok: true, address: { publicKey: bytes.slice(headLength, body.length), prefix } }
}

/** The same account written under `prefix`, or undefined when `address` is no SS58 address. */
export function toSs58Prefix(address: string, prefix: number): string | undefined {
  const decoded = decodeSs58(address)
  return decoded.ok ? encodeSs58(decoded.address.publicKey, prefix) : undefined
}
