import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58, isSolanaAddress } from './solanaAddress.ts'

describe('Solana addresses', () => {
  it('accepts public keys of 32 bytes, including the system program of all zeros', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true)
    expect(isSolanaAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(true)
  })

  it('refuses other lengths, characters outside base58 and keys of another size', () => {
    expect(isSolanaAddress('1111111111111111111111111111111')).toBe(false)
    expect(isSolanaAddress('0PjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(false)
    expect(isSolanaAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vz')).toBe(false)
    expect(isSolanaAddress('0x8ba1f109551bD432803012645Ac136ddd64DBA72')).toBe(false)
    // 44 characters of 'z' decode to more than 32 bytes.
    expect(isSolanaAddress('z'.repeat(44))).toBe(false)
  })

  it('decodes leading ones to zero bytes', () => {
    expect(decodeBase58('11')).toEqual(new Uint8Array([0, 0]))
    expect(decodeBase58('2')).toEqual(new Uint8Array([1]))
    expect(decodeBase58('5Q')).toEqual(new Uint8Array([255]))
  })

  it('encodes what it decodes', () => {
    for (const text of [
      '11111111111111111111111111111111',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '1',
      '5Q',
    ])
      expect(encodeBase58(decodeBase58(text) as Uint8Array)).toBe(text)
    expect(encodeBase58(new Uint8Array([0, 0, 1]))).toBe('112')
  })
})
