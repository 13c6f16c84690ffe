import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { type Hex, toHex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { generateSolanaSeed, type SolanaSigner, solanaSigner } from './solanaKeys.ts'

/** A user's private key as stored: AES-256-GCM ciphertext with its IV and tag. */
export type EncryptedKey = { iv: Uint8Array; ciphertext: Uint8Array; tag: Uint8Array }

/** The order of secp256k1: a private key is in [1, n). */
const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/** Derives a key for one purpose from the master key, so no two purposes share a key. */
export function deriveKey(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `latch ${purpose}`, 32))
}

/** A secp256k1 private key from the CSPRNG; the rare value outside [1, n) is drawn again. */
export function generatePrivateKey(): Buffer {
  for (;;) {
    const candidate = randomBytes(32)
    const scalar = BigInt(`0x${candidate.toString('hex')}`)
    if (scalar > 0n && scalar < SECP256K1_ORDER) return candidate
  }
}

/** AES-256-GCM under `key`, the user id as additional data: bound to that user's row. */
function seal(key: Buffer, userId: string, secret: Buffer): EncryptedKey {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(userId, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()])
  return { iv, ciphertext, tag: cipher.getAuthTag() }
}

function open(key: Buffer, userId: string, encrypted: EncryptedKey): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, encrypted.iv)
  decipher.setAAD(Buffer.from(userId, 'utf8'))
  decipher.setAuthTag(encrypted.tag)
  return Buffer.concat([decipher.update(encrypted.ciphertext), decipher.final()])
}

/**
 * Encrypts and decrypts users' keys under keys derived from the master key, one per kind of key
 * (secp256k1 for EVM, ed25519 for Solana), so a ciphertext of one kind never opens as the other.
 * The user id is the additional data: a ciphertext moved to another user's row fails to decrypt.
 * A key is in clear only inside `withAccount` / `withSolanaSigner`, never returned, never logged.
 */
export class KeyVault {
  readonly #key: Buffer
  readonly #solanaKey: Buffer

  constructor(masterKey: Buffer) {
    this.#key = deriveKey(masterKey, 'wallet key encryption v1')
    this.#solanaKey = deriveKey(masterKey, 'solana wallet key encryption v1')
  }

  /** A new key for `userId`: its address and its encrypted form to store. */
  createKey(userId: string): { address: Hex; encrypted: EncryptedKey } {
    const privateKey = generatePrivateKey()
    try {
      const address = privateKeyToAddress(toHex(privateKey))
      return { address, encrypted: seal(this.#key, userId, privateKey) }
    } finally {
      privateKey.fill(0)
    }
  }

  /** Runs `work` with the user's signing account; the key exists in clear only meanwhile. */
  async withAccount<T>(
    userId: string,
    encrypted: EncryptedKey,
    work: (account: PrivateKeyAccount) => Promise<T>,
  ): Promise<T> {
    const privateKey = open(this.#key, userId, encrypted)
    try {
      return await work(privateKeyToAccount(toHex(privateKey)))
    } finally {
      // The hex string viem keeps cannot be wiped; the buffer at least is not left behind.
      privateKey.fill(0)
    }
  }

  /** A new Solana key for `userId`: its base58 address and its encrypted 32-byte seed. */
  createSolanaKey(userId: string): { address: string; encrypted: EncryptedKey } {
    const seed = generateSolanaSeed()
    try {
      return { address: solanaSigner(seed).address, encrypted: seal(this.#solanaKey, userId, seed) }
    } finally {
      seed.fill(0)
    }
  }

  /** Runs `work` with the user's Solana signer; the seed exists in clear only meanwhile. */
  async withSolanaSigner<T>(
    userId: string,
    encrypted: EncryptedKey,
    work: (signer: SolanaSigner) => Promise<T>,
  ): Promise<T> {
    const seed = open(this.#solanaKey, userId, encrypted)
    try {
      return await work(solanaSigner(seed))
    } finally {
      seed.fill(0)
    }
  }
}
