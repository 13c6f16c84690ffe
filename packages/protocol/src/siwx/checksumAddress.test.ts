import { getAddress, keccak256 as viemKeccak256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { checksumAddress } from './checksumAddress.ts'
import { keccak256 } from './keccak256.ts'

const toHex = (bytes: Uint8Array) =>
  `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`

describe('checksumAddress', () => {
  it('gives the EIP-55 examples', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(checksumAddress(address.toLowerCase())).toBe(address)
      expect(checksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address)
    }
  })

  it('agrees with viem on random addresses', () => {
    for (let round = 0; round < 50; round++) {
      const bytes = crypto.getRandomValues(new Uint8Array(20))
      const address = toHex(bytes)
      expect(checksumAddress(address)).toBe(getAddress(address))
    }
  })

  it('hashes like viem across block boundaries', () => {
    for (const length of [0, 1, 135, 136, 137, 300]) {
      const bytes = crypto.getRandomValues(new Uint8Array(length))
      expect(toHex(keccak256(bytes))).toBe(viemKeccak256(bytes))
    }
  })
})
