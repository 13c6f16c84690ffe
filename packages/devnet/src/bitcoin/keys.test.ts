import { encodeSegwitAddress } from '@latch/protocol/bitcoin'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { deriveBitcoinKeys, manifestAccount, p2trKey, p2wpkhKey } from './keys.ts'

// BIP-84's and BIP-86's published test vectors (mnemonic "abandon ... about", mainnet, first
// receive address): the same key derivation and output scripts the devnet's accounts use.
const VECTOR_MNEMONIC = `${'abandon '.repeat(11)}about`

const keyAt = (path: string) => {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(VECTOR_MNEMONIC)).derive(path).privateKey
  if (!key) throw new Error('no key')
  return key
}
const mainnetAddress = (script: Uint8Array) =>
  encodeSegwitAddress('mainnet', script[0] === 0 ? 0 : 1, script.subarray(2))

describe('Bitcoin devnet keys', () => {
  it("derive P2WPKH as BIP-84's vector and key-path P2TR as BIP-86's", () => {
    expect(mainnetAddress(p2wpkhKey(keyAt("m/84'/0'/0'/0/0")).script)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    )
    expect(mainnetAddress(p2trKey(keyAt("m/86'/0'/0'/0/0")).script)).toBe(
      'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    )
  })

  it('give each account a payment and an ordinals entry as wallets import them', () => {
    const keys = deriveBitcoinKeys(DEVNET_MNEMONIC, 2)
    const [first, second] = keys.accounts.map(manifestAccount)
    expect(first?.payment).toMatchObject({
      purpose: 'payment',
      addressType: 'p2wpkh',
      derivationPath: "m/84'/1'/0'/0/0",
    })
    expect(first?.ordinals).toMatchObject({
      purpose: 'ordinals',
      addressType: 'p2tr',
      derivationPath: "m/86'/1'/0'/0/0",
    })
    expect(second?.payment.derivationPath).toBe("m/84'/1'/1'/0/0")
    // Compressed key for P2WPKH, x-only internal key for P2TR; WIF on the test networks' prefix.
    expect(first?.payment.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(first?.ordinals.publicKey).toMatch(/^[0-9a-f]{64}$/)
    expect(first?.payment.wif).toMatch(/^c/)
    expect(p2wpkhKey(Buffer.from(first?.payment.privateKey ?? '', 'hex')).address).toBe(
      first?.payment.address,
    )
    expect(keys.miner.address).not.toBe(first?.payment.address)
  })
})
