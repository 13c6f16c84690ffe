import { blake2b } from '@noble/hashes/blake2b'
import { describe, expect, it } from 'vitest'
import { accountAddress } from './addressSchemas.ts'
import {
  checkSs58,
  decodeSs58,
  encodeSs58,
  isSs58Address,
  reencodeSs58,
} from './polkadotAddress.ts'
import { polkadotNetworkId } from './polkadotNetworks.ts'
import { encodeBase58 } from './solanaAddress.ts'

// Alice of Substrate's dev phrase (//Alice, sr25519), as polkadot.js encodes her in three prefixes.
const ALICE_KEY = Uint8Array.from(
  Buffer.from('d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d', 'hex'),
)
const ALICE_GENERIC = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const ALICE_POLKADOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
const ALICE_KUSAMA = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'

describe('SS58', () => {
  it('encodes a public key as polkadot.js does in one-byte prefixes', () => {
    expect(encodeSs58(ALICE_KEY, 42)).toBe(ALICE_GENERIC)
    expect(encodeSs58(ALICE_KEY, 0)).toBe(ALICE_POLKADOT)
    expect(encodeSs58(ALICE_KEY, 2)).toBe(ALICE_KUSAMA)
  })

  it('reads back the key and prefix, two-byte prefixes included', () => {
    expect(decodeSs58(ALICE_POLKADOT)).toEqual({ publicKey: ALICE_KEY, prefix: 0 })
    for (const prefix of [64, 255, 1284, 16383]) {
      const address = encodeSs58(ALICE_KEY, prefix)
      expect(decodeSs58(address)).toEqual({ publicKey: ALICE_KEY, prefix })
    }
    expect(reencodeSs58(ALICE_GENERIC, 0)).toBe(ALICE_POLKADOT)
  })

  it('names a typo as a wrong checksum and another network by its prefix', () => {
    const typo = `${ALICE_GENERIC.slice(0, 10)}${ALICE_GENERIC[10] === 'a' ? 'b' : 'a'}${ALICE_GENERIC.slice(11)}`
    expect(checkSs58(typo, 42)).toMatchObject({ reason: 'checksum' })
    expect(checkSs58(ALICE_POLKADOT, 42)).toEqual({
      reason: 'prefix',
      message:
        'This address is for another network (Polkadot (prefix 0)); this network takes generic Substrate (prefix 42) addresses',
    })
    expect(checkSs58('0x1234', 42)).toMatchObject({ reason: 'format' })
    expect(isSs58Address(ALICE_KUSAMA)).toBe(true)
    expect(isSs58Address(typo)).toBe(false)
  })

  it('reads an account whose key starts with zero bytes, however short its address', () => {
    const zero = new Uint8Array(32)
    const address = encodeSs58(zero, 0)
    // One '1' for each of the prefix's and the key's zero bytes, then the checksum.
    expect(address.length).toBeLessThan(40)
    expect(decodeSs58(address)).toEqual({ publicKey: zero, prefix: 0 })
    expect(accountAddress.parse(address)).toBe(address)
  })

  it('refuses an address under a reserved prefix (46 and 47), its checksum right', () => {
    for (const prefix of [46, 47]) {
      // Written as SS58 would be, with a correct checksum: only the prefix is wrong.
      const body = Uint8Array.from([prefix, ...ALICE_KEY])
      const hash = blake2b(Uint8Array.from([...new TextEncoder().encode('SS58PRE'), ...body]), {
        dkLen: 64,
      })
      const address = encodeBase58(Uint8Array.from([...body, hash[0] ?? 0, hash[1] ?? 0]))
      expect(decodeSs58(address), address).toMatchObject({ reason: 'format' })
      expect(isSs58Address(address)).toBe(false)
    }
  })

  it('is an account address for the account routes, plain or CAIP-10', () => {
    expect(accountAddress.parse(ALICE_GENERIC)).toBe(ALICE_GENERIC)
    expect(
      accountAddress.parse(`polkadot:91b171bb158e2d3848fa23a9f1c25182:${ALICE_POLKADOT}`),
    ).toBe(ALICE_POLKADOT)
    expect(accountAddress.safeParse(ALICE_GENERIC.slice(0, -1)).success).toBe(false)
  })

  it('names a network by its genesis hash', () => {
    expect(
      polkadotNetworkId('0x91B171BB158E2D3848FA23A9F1C25182FB8E20313B2C1EB49219DA7A70CE90C3'),
    ).toBe('polkadot:91b171bb158e2d3848fa23a9f1c25182')
  })
})
