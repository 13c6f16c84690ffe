import { getBase58Encoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { deriveEd25519, keypairFromMnemonic, keypairFromSeed } from './keys.ts'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const MNEMONIC = 'test test test test test test test test test test test junk'

describe('Solana devnet keys', () => {
  it("derives ed25519 keys as SLIP-0010's published test vector says", () => {
    const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')
    expect(hex(deriveEd25519(seed, []))).toBe(
      '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    )
    expect(hex(deriveEd25519(seed, [0]))).toBe(
      '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    )
  })

  it('gives every account of the mnemonic its own fixed address, and a secret key wallets import', () => {
    const first = keypairFromMnemonic(MNEMONIC, 0)
    expect(keypairFromMnemonic(MNEMONIC, 0).address).toBe(first.address)
    expect(keypairFromMnemonic(MNEMONIC, 1).address).not.toBe(first.address)
    const secret = new Uint8Array(getBase58Encoder().encode(first.secretKey))
    expect(secret).toHaveLength(64)
    expect(keypairFromSeed(secret.subarray(0, 32)).address).toBe(first.address)
    expect(hex(secret.subarray(32))).toBe(hex(first.publicKey))
  })
})
