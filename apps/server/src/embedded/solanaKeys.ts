import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto'
import { encodeBase58 } from '@latch/protocol/solana'

/** Signs as one Solana account: ed25519 over the exact bytes given. */
export type SolanaSigner = { address: string; sign(message: Uint8Array): Uint8Array }

// An ed25519 private key in PKCS#8 is this fixed prefix followed by the 32-byte seed (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/** A fresh ed25519 seed (the 32 bytes a Solana keypair derives from), from node:crypto. */
export function generateSolanaSeed(): Buffer {
  const { privateKey } = generateKeyPairSync('ed25519')
  const der = privateKey.export({ format: 'der', type: 'pkcs8' })
  try {
    return Buffer.from(der.subarray(PKCS8_ED25519_PREFIX.length))
  } finally {
    der.fill(0)
  }
}

/** The signer of `seed`: its address is the base58 public key. */
export function solanaSigner(seed: Buffer): SolanaSigner {
  if (seed.length !== 32) throw new Error('an ed25519 seed has 32 bytes')
  const der = Buffer.concat([PKCS8_ED25519_PREFIX, seed])
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
  der.fill(0)
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' })
  // The public key is the last 32 bytes of its SubjectPublicKeyInfo.
  const address = encodeBase58(spki.subarray(spki.length - 32))
  return { address, sign: (message) => new Uint8Array(sign(null, message, privateKey)) }
}
