import { describe, expect, it } from 'vitest'
import {
  didKeyFromPublicKey,
  publicKeyFromDidKey,
  RelayAuthError,
  verifyRelayAuth,
} from './auth.ts'
import { generateClientKeys, signAuth } from './client.fixture.ts'

describe('did:key', () => {
  it('round-trips an ed25519 key, leading zero bytes included', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => (i < 2 ? 0 : i * 7))
    const did = didKeyFromPublicKey(key)
    // Every ed25519 did:key starts so: multibase z + base58 of the 0xed01 multicodec prefix.
    expect(did).toMatch(/^did:key:z6Mk/)
    expect(publicKeyFromDidKey(did)).toEqual(key)
  })

  it('rejects what is not an ed25519 did:key', () => {
    expect(() => publicKeyFromDidKey('did:web:example.com')).toThrow(RelayAuthError)
    expect(() => publicKeyFromDidKey('did:key:z0OIl')).toThrow('not valid base58btc')
    expect(() => publicKeyFromDidKey('did:key:z2222')).toThrow('not an ed25519 did:key')
  })
})

describe('verifyRelayAuth', () => {
  it('accepts a JWT signed by the key its iss names and returns the did:key', () => {
    const keys = generateClientKeys()
    expect(verifyRelayAuth(signAuth(keys))).toMatchObject({ clientId: keys.did })
  })

  it('refuses a missing, malformed, forged or expired JWT', () => {
    const keys = generateClientKeys()
    const [header, payload] = signAuth(keys).split('.')
    const otherSignature = signAuth(generateClientKeys()).split('.')[2]
    const cases: [string | null, string][] = [
      [null, 'missing'],
      ['a.b', 'not a JWT'],
      ['e30.e30.e30', 'header'],
      [`${header}.${payload}.${otherSignature}`, 'signature'],
      [signAuth(keys, { expiresInSeconds: -1 }), 'expired'],
    ]
    for (const [jwt, reason] of cases) {
      expect(() => verifyRelayAuth(jwt)).toThrow(reason)
    }
  })
})
