import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'

// DER prefixes of an Ed25519 PKCS#8 private key and SPKI public key (RFC 8410): node:crypto
// takes raw 32-byte keys only wrapped in these.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

export const base58 = {
  encode: (bytes: Uint8Array): string => getBase58Decoder().decode(bytes),
  decode: (text: string): Uint8Array => new Uint8Array(getBase58Encoder().encode(text)),
}

/** A Solana account held in Node: its base58 address, raw public key and an ed25519 signer. */
export type SolanaKeypair = {
  address: string
  publicKey: Uint8Array
  sign(bytes: Uint8Array): Uint8Array
}

/**
 * The keypair of a 64-byte secret key in base58 (the 32-byte seed then the public key, as
 * wallets export it). Throws when the second half is not the seed's public key: a mistyped key
 * would otherwise sign as a different account than the one it names.
 */
export function solanaKeypair(secretKey: string): SolanaKeypair {
  let bytes: Uint8Array
  try {
    bytes = base58.decode(secretKey)
  } catch {
    throw new Error('secretKey must be base58')
  }
  if (bytes.length !== 64) throw new Error(`secretKey must be 64 bytes, got ${bytes.length}`)
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, bytes.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  })
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' })
  const publicKey = new Uint8Array(spki.subarray(spki.length - 32))
  if (!Buffer.from(publicKey).equals(Buffer.from(bytes.subarray(32)))) {
    throw new Error('secretKey: its last 32 bytes are not the public key of its first 32')
  }
  return {
    address: base58.encode(publicKey),
    publicKey,
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  }
}

/** Whether `signature` is `publicKey`'s ed25519 signature of `message`. */
export function verifyEd25519(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false
  const key = createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, publicKey]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, message, key, signature)
}
