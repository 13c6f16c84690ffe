import { blake2b } from '@noble/hashes/blake2b'
import { decodeBase58, encodeBase58 } from './solanaAddress.ts'

// SS58, the address format of Substrate chains: base58 of (network prefix, 32-byte account id,
// 2-byte checksum), the checksum the first bytes of blake2b-512("SS58PRE" || prefix || account).
// Written here with the hash library already in the tree, so page code needs no chain client.
// No zod here: the page bundle may import this module.

const SS58_CONTEXT = new TextEncoder().encode('SS58PRE')

/** Prefixes below 64 take one byte; 64 to 16383 take two. */
const MAX_PREFIX = 16_383

/** Prefixes SS58 keeps out of use: no network has them, and no address may carry one. */
const RESERVED_PREFIXES: readonly number[] = [46, 47]

/**
 * The characters a 32-byte account's address can take: its 35 or 36 bytes (prefix, account,
 * checksum) in base58, where each leading zero byte is one '1' (Polkadot's zero account is 36).
 */
const MIN_LENGTH = 35
const MAX_LENGTH = 50

/** Why an address was refused, and the sentence a person reads. */
export type Ss58Problem = {
  reason: 'format' | 'checksum' | 'prefix'
  message: string
}

export type Ss58Decoded = { publicKey: Uint8Array; prefix: number }

/** Well-known prefixes, so a refusal can name the network an address belongs to. */
const PREFIX_NAMES: Record<number, string> = {
  0: 'Polkadot',
  2: 'Kusama',
  42: 'generic Substrate',
}

/** The network name a prefix is known by, for messages: 'Polkadot (prefix 0)'. */
export function ss58PrefixLabel(prefix: number): string {
  const name = PREFIX_NAMES[prefix]
  return name ? `${name} (prefix ${prefix})` : `prefix ${prefix}`
}

function checksum(body: Uint8Array): Uint8Array {
  const input = new Uint8Array(SS58_CONTEXT.length + body.length)
  input.set(SS58_CONTEXT)
  input.set(body, SS58_CONTEXT.length)
  return blake2b(input, { dkLen: 64 })
}

function prefixBytes(prefix: number): number[] {
  if (prefix < 64) return [prefix]
  // Two bytes: the low six bits of the first byte say 0b01, then the prefix's bits interleaved.
  return [((prefix & 0b1111_1100) >> 2) | 0b0100_0000, (prefix >> 8) | ((prefix & 0b11) << 6)]
}

/** The SS58 address of a 32-byte public key (account id) under network `prefix`. */
export function encodeSs58(publicKey: Uint8Array, prefix: number): string {
  if (publicKey.length !== 32) throw new Error('An SS58 account id is 32 bytes')
  if (
    !Number.isInteger(prefix) ||
    prefix < 0 ||
    prefix > MAX_PREFIX ||
    RESERVED_PREFIXES.includes(prefix)
  )
    throw new Error(`SS58 prefix ${prefix} is not one a network can have`)
  const body = Uint8Array.from([...prefixBytes(prefix), ...publicKey])
  const hash = checksum(body)
  return encodeBase58(Uint8Array.from([...body, hash[0] as number, hash[1] as number]))
}

/**
 * Reads an SS58 address of a 32-byte account, or says why it is not one: not base58, the wrong
 * length or a reserved prefix ('format'), or a checksum that does not match (a typo).
 */
export function decodeSs58(address: string): Ss58Decoded | Ss58Problem {
  const format: Ss58Problem = {
    reason: 'format',
    message: 'Expected a Polkadot (SS58) address',
  }
  if (address.length < MIN_LENGTH || address.length > MAX_LENGTH) return format
  const bytes = decodeBase58(address)
  if (!bytes) return format
  const first = bytes[0] as number
  // 0b00xxxxxx: one-byte prefix; 0b01xxxxxx: two bytes; 0b1xxxxxxx is reserved.
  if (first >= 128) return format
  const prefixLength = first < 64 ? 1 : 2
  if (bytes.length !== prefixLength + 32 + 2) return format
  const second = bytes[1] as number
  const prefix =
    prefixLength === 1
      ? first
      : ((first & 0b0011_1111) << 2) | (second >> 6) | ((second & 0b0011_1111) << 8)
  if (RESERVED_PREFIXES.includes(prefix)) return format
  const body = bytes.subarray(0, prefixLength + 32)
  const hash = checksum(body)
  if (hash[0] !== bytes[prefixLength + 32] || hash[1] !== bytes[prefixLength + 33])
    return {
      reason: 'checksum',
      message: 'This address has a wrong checksum: check it for a typo',
    }
  return { publicKey: bytes.slice(prefixLength, prefixLength + 32), prefix }
}

/** Whether `decodeSs58` gave a problem rather than an address. */
export function isSs58Problem(value: Ss58Decoded | Ss58Problem): value is Ss58Problem {
  return 'reason' in value
}

/** Whether `value` is an SS58 address of a 32-byte account (any prefix, checksum correct). */
export function isSs58Address(value: string): boolean {
  return !isSs58Problem(decodeSs58(value))
}

/**
 * An address for the network of `prefix`: decoded, or the problem, with a wrong prefix named as
 * the network the address is for (an address of another network would send to the same key on a
 * chain the visitor did not mean).
 */
export function checkSs58(address: string, prefix: number): Ss58Decoded | Ss58Problem {
  const decoded = decodeSs58(address)
  if (isSs58Problem(decoded)) return decoded
  if (decoded.prefix !== prefix)
    return {
      reason: 'prefix',
      message: `This address is for another network (${ss58PrefixLabel(decoded.prefix)}); this network takes ${ss58PrefixLabel(prefix)} addresses`,
    }
  return decoded
}

/** The same account written under `prefix`, or undefined when `address` is no SS58 address. */
export function toSs58Prefix(address: string, prefix: number): string | undefined {
  const decoded = decodeSs58(address)
  return isSs58Problem(decoded) ? undefined : encodeSs58(decoded.publicKey, prefix)
}

/** The same account under network `prefix`, e.g. a wallet's generic address in a chain's form. */
export function reencodeSs58(address: string, prefix: number): string {
  const decoded = decodeSs58(address)
  if (isSs58Problem(decoded)) throw new Error(decoded.message)
  return encodeSs58(decoded.publicKey, prefix)
}
