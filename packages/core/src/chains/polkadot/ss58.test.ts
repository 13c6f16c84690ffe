import { describe, expect, it } from 'vitest'
import { decodeSs58, encodeSs58, toSs58Prefix } from './ss58.ts'

// //Alice's sr25519 public key and its well-known addresses.
const ALICE_KEY = Uint8Array.from(
  Buffer.from('d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d', 'hex'),
)
const ALICE_GENERIC = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const ALICE_POLKADOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
const ALICE_KUSAMA = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'

describe('SS58 addresses', () => {
  it('encodes an account id under the generic, Polkadot and Kusama prefixes', () => {
    expect(encodeSs58(ALICE_KEY, 42)).toBe(ALICE_GENERIC)
    expect(encodeSs58(ALICE_KEY, 0)).toBe(ALICE_POLKADOT)
    expect(encodeSs58(ALICE_KEY, 2)).toBe(ALICE_KUSAMA)
  })

  it('reads the prefix and account id back', () => {
    for (const [address, prefix] of [
      [ALICE_GENERIC, 42],
      [ALICE_POLKADOT, 0],
      [ALICE_KUSAMA, 2],
    ] as const) {
      const decoded = decodeSs58(address)
      expect(decoded).toEqual({ ok: true, address: { prefix, publicKey: ALICE_KEY } })
    }
  })

  it('round-trips two-byte prefixes', () => {
    for (const prefix of [64, 255, 1284, 16383]) {
      const decoded = decodeSs58(encodeSs58(ALICE_KEY, prefix))
      expect(decoded).toEqual({ ok: true, address: { prefix, publicKey: ALICE_KEY } })
    }
  })

  it('tells a typo (checksum) from something that is no address', () => {
    const typo = `${ALICE_GENERIC.slice(0, 10)}${ALICE_GENERIC[10] === 'a' ? 'b' : 'a'}${ALICE_GENERIC.slice(11)}`
    expect(decodeSs58(typo)).toEqual({ ok: false, problem: 'checksum' })
    expect(decodeSs58('0xd43593c715fdd31c61141abd04a99fd6822c8558')).toEqual({
      ok: false,
      problem: 'format',
    })
    expect(decodeSs58('5Grwva')).toEqual({ ok: false, problem: 'format' })
    expect(decodeSs58('')).toEqual({ ok: false, problem: 'format' })
  })

  it('rewrites an address in another prefix', () => {
    expect(toSs58Prefix(ALICE_GENERIC, 0)).toBe(ALICE_POLKADOT)
    expect(toSs58Prefix('nope', 0)).toBeUndefined()
  })

  it('refuses the reserved prefixes and keys of the wrong length', () => {
    expect(() => encodeSs58(ALICE_KEY, 46)).toThrow(RangeError)
    expect(() => encodeSs58(ALICE_KEY.subarray(1), 42)).toThrow(RangeError)
  })
})
