import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  pbkdf2Sync,
  sign,
} from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'

/** An ed25519 keypair with its Solana address, able to sign. */
export type SolanaKeypair = {
  address: string
  /** The 32-byte private seed. */
  seed: Uint8Array
  publicKey: Uint8Array
  /** The 64-byte seed + public key, base58: what wallets import and `createKeyPairFromBytes` reads. */
  secretKey: string
  sign(message: Uint8Array): Uint8Array
}

// DER prefix of a PKCS#8 ed25519 private key; the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

export function keypairFromSeed(seed: Uint8Array): SolanaKeypair {
  if (seed.length !== 32) throw new Error('an ed25519 seed is 32 bytes')
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  })
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' })
  const publicKey = new Uint8Array(spki.subarray(spki.length - 32))
  const base58 = getBase58Decoder()
  return {
    address: base58.decode(publicKey),
    seed: new Uint8Array(seed),
    publicKey,
    secretKey: base58.decode(new Uint8Array([...seed, ...publicKey])),
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  }
}

/** A keypair whose seed is SHA-256 of `text`: fixed keys for the devnet's own accounts. */
export function keypairFromText(text: string): SolanaKeypair {
  return keypairFromSeed(createHash('sha256').update(text).digest())
}

const HARDENED = 0x80000000

/**
 * The keypair a wallet such as Phantom derives from `mnemonic` for account `index`: BIP-39 seed,
 * then SLIP-0010 ed25519 along m/44'/501'/index'/0' (ed25519 allows hardened steps only).
 */
export function keypairFromMnemonic(mnemonic: string, index: number): SolanaKeypair {
  const bip39Seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
  return keypairFromSeed(deriveEd25519(bip39Seed, [44, 501, index, 0]))
}

/** SLIP-0010 ed25519 derivation of `seed` along hardened `path`: the 32-byte private seed. */
export function deriveEd25519(seed: Uint8Array, path: number[]): Uint8Array {
  let node = createHmac('sha512', 'ed25519 seed').update(seed).digest()
  for (const step of path) {
    const data = Buffer.alloc(37)
    node.copy(data, 1, 0, 32)
    data.writeUInt32BE((step | HARDENED) >>> 0, 33)
    node = createHmac('sha512', node.subarray(32)).update(data).digest()
  }
  return new Uint8Array(node.subarray(0, 32))
}
