import { describe, expect, it } from 'vitest'
import { BITCOIN_MAINNET, BITCOIN_REGTEST, BITCOIN_TESTNET, bitcoinNetworkKind } from './bitcoin.ts'
import {
  bitcoinAddressFromScript,
  bitcoinAddressProblem,
  bitcoinOutputScript,
  decodeBitcoinAddress,
  encodeSegwitAddress,
  isBitcoinAddress,
} from './bitcoinAddress.ts'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

/** The decoded address, failing the test when it does not decode. */
function decoded(address: string) {
  const result = decodeBitcoinAddress(address)
  if (!result) throw new Error(`${address} did not decode`)
  return result
}

// Addresses from BIP-173, BIP-350 and BIP-86's test vectors, and well-known base58 ones.
const MAINNET_P2WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const TESTNET_P2WSH = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'
const MAINNET_P2TR = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'
const MAINNET_P2PKH = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
const MAINNET_P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'
const TESTNET_P2PKH = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'
const TESTNET_P2SH = '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'

describe('Bitcoin addresses', () => {
  it('decodes each kind of address to its output script', () => {
    const wpkh = decoded(MAINNET_P2WPKH)
    expect(wpkh.type).toBe('p2wpkh')
    expect(wpkh.networks).toEqual(['mainnet'])
    expect(hex(bitcoinOutputScript(wpkh))).toBe('0014751e76e8199196d454941c45d1b3a323f1433bd6')
    expect(decodeBitcoinAddress(TESTNET_P2WSH)?.type).toBe('p2wsh')
    const tr = decoded(MAINNET_P2TR)
    expect(tr.type).toBe('p2tr')
    expect(hex(bitcoinOutputScript(tr))).toBe(
      '5120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c',
    )
    const pkh = decoded(MAINNET_P2PKH)
    expect(pkh.type).toBe('p2pkh')
    expect(hex(bitcoinOutputScript(pkh))).toBe('76a91462e907b15cbf27d5425399ebf6f0fb50ebb88f1888ac')
    expect(decodeBitcoinAddress(MAINNET_P2SH)?.type).toBe('p2sh')
    expect(decodeBitcoinAddress(TESTNET_P2PKH)?.networks).toEqual(['testnet', 'regtest'])
    expect(decodeBitcoinAddress(TESTNET_P2SH)?.type).toBe('p2sh')
    // Upper case is valid bech32 (QR codes); a later segwit version decodes as 'witness'.
    expect(decodeBitcoinAddress(MAINNET_P2WPKH.toUpperCase())?.type).toBe('p2wpkh')
    expect(decodeBitcoinAddress('BC1SW50QGDZ25J')?.type).toBe('witness')
  })

  it('refuses wrong checksums, mixed case, the wrong checksum kind and impossible programs', () => {
    for (const address of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7',
      // A taproot address written with bech32's checksum instead of bech32m's.
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      // A version 0 program of 16 bytes.
      encodeSegwitAddress('mainnet', 0, new Uint8Array(16)),
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb',
      // Base58 addresses of other coins (Litecoin, Dogecoin), their checksums right.
      'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9',
      'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
      'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
      '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      '',
      'bc1',
    ])
      expect(decodeBitcoinAddress(address), address).toBeUndefined()
  })

  it("reads BIP-350's valid segwit addresses, of every version and program length", () => {
    for (const [address, version, length] of [
      ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 0, 20],
      ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 0, 32],
      ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 1, 40],
      ['BC1SW50QGDZ25J', 16, 2],
      ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 2, 16],
      ['tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', 0, 32],
      ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 1, 32],
      ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 1, 32],
    ] as const) {
      const read = decoded(address)
      expect([read.witnessVersion, read.program.length], address).toEqual([version, length])
    }
  })

  it("refuses BIP-350's invalid segwit addresses, each for its own reason", () => {
    for (const address of [
      // A network no one has.
      'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut',
      // Versions 1 and above in bech32's checksum, version 0 in bech32m's.
      'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf',
      'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
      'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47',
      // A character outside the alphabet; a version above 16.
      'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4',
      'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R',
      // Programs of 1 and 41 bytes; a version 0 program of 16.
      'bc1pw5dgrnzv',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav',
      'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
      // Mixed case; padding of more than 4 bits; padding that is not zero; no data at all.
      'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf',
      'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j',
      'bc1gmk9yu',
    ])
      expect(decodeBitcoinAddress(address), address).toBeUndefined()
  })

  it('encodes what it decodes, regtest included', () => {
    const program = Uint8Array.from({ length: 32 }, (_, index) => index)
    const address = encodeSegwitAddress('regtest', 1, program)
    expect(address.startsWith('bcrt1p')).toBe(true)
    expect(decodeBitcoinAddress(address)).toEqual({
      type: 'p2tr',
      networks: ['regtest'],
      witnessVersion: 1,
      program,
    })
    const wpkh = decoded(MAINNET_P2WPKH)
    expect(encodeSegwitAddress('mainnet', 0, wpkh.program)).toBe(MAINNET_P2WPKH)
    expect(encodeSegwitAddress('testnet', 0, wpkh.program)).toBe(
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    )
  })

  it('names the address of an output script, and none for a script no address names', () => {
    for (const [address, kind] of [
      [MAINNET_P2WPKH, 'mainnet'],
      [TESTNET_P2WSH, 'testnet'],
      [MAINNET_P2TR, 'mainnet'],
      [MAINNET_P2PKH, 'mainnet'],
      [MAINNET_P2SH, 'mainnet'],
      [TESTNET_P2PKH, 'testnet'],
      [TESTNET_P2SH, 'regtest'],
    ] as const)
      expect(bitcoinAddressFromScript(bitcoinOutputScript(decoded(address)), kind)).toBe(address)
    expect(bitcoinAddressFromScript(Uint8Array.from([0x6a, 2, 1, 2]), 'mainnet')).toBeUndefined()
    expect(bitcoinAddressFromScript(new Uint8Array(), 'mainnet')).toBeUndefined()
  })

  it("says what is wrong with an address on a network, naming the address's own network", () => {
    expect(bitcoinAddressProblem(MAINNET_P2WPKH, 'mainnet')).toBeUndefined()
    expect(bitcoinAddressProblem(MAINNET_P2WPKH, 'testnet')).toBe(
      'This is a Bitcoin mainnet address: Bitcoin testnet addresses start with tb1, m, n or 2',
    )
    expect(bitcoinAddressProblem(TESTNET_P2WSH, 'mainnet')).toBe(
      'This is a Bitcoin testnet address: Bitcoin mainnet addresses start with bc1, 1 or 3',
    )
    const regtest = encodeSegwitAddress('regtest', 0, new Uint8Array(20))
    expect(bitcoinAddressProblem(regtest, 'regtest')).toBeUndefined()
    expect(bitcoinAddressProblem(regtest, 'testnet')).toMatch(/^This is a Bitcoin regtest address/)
    expect(bitcoinAddressProblem(TESTNET_P2WSH, 'regtest')).toMatch(/^This is a Bitcoin testnet/)
    // Base58 test-network addresses are regtest's too.
    expect(bitcoinAddressProblem(TESTNET_P2PKH, 'regtest')).toBeUndefined()
    expect(bitcoinAddressProblem(MAINNET_P2SH, 'regtest')).toMatch(/^This is a Bitcoin mainnet/)
    expect(bitcoinAddressProblem('bc1qnotanaddress', 'mainnet')).toBe(
      'Not a valid Bitcoin address: Bitcoin mainnet addresses start with bc1, 1 or 3',
    )
    expect(isBitcoinAddress(MAINNET_P2TR)).toBe(true)
    expect(isBitcoinAddress(MAINNET_P2TR, 'testnet')).toBe(false)
  })

  it('knows the address encoding of each network by its CAIP-2 id', () => {
    expect(bitcoinNetworkKind(BITCOIN_MAINNET)).toBe('mainnet')
    expect(bitcoinNetworkKind(BITCOIN_TESTNET)).toBe('testnet')
    expect(bitcoinNetworkKind(BITCOIN_REGTEST)).toBe('regtest')
    expect(bitcoinNetworkKind('bip122:00000000000000000000000000000000')).toBeUndefined()
  })
})
