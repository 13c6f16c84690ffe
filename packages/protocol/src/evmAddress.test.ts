import { describe, expect, it } from 'vitest'
import { evmAddressProblem, isEvmAddress } from './evmAddress.ts'

// EIP-55's own examples: all in one case, and in their checksum's mixed case.
const ALL_UPPER = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
]
const ALL_LOWER = [
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
]
const CHECKSUMMED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
]

/** `address` with the case of its letter at `index` (of the 40 digits) turned, as a slip of Shift. */
function flipCase(address: string, index: number): string {
  const digits = address.slice(2)
  const letters = [...digits.matchAll(/[a-fA-F]/g)].map((match) => match.index)
  const at = letters[index % letters.length] as number
  const character = digits[at] as string
  const flipped =
    character === character.toLowerCase() ? character.toUpperCase() : character.toLowerCase()
  return `0x${digits.slice(0, at)}${flipped}${digits.slice(at + 1)}`
}

describe('the EVM address rule (EIP-55)', () => {
  it('takes an address all in lower case, all in upper case, or in its checksum case', () => {
    for (const address of [...ALL_UPPER, ...ALL_LOWER, ...CHECKSUMMED]) {
      expect(evmAddressProblem(address), address).toBeUndefined()
      expect(isEvmAddress(address.slice(2)), `${address} without 0x`).toBe(true)
    }
  })

  it('refuses mixed case with one letter in the wrong case, with or without 0x', () => {
    for (const address of CHECKSUMMED)
      for (let index = 0; index < 6; index++) {
        const typo = flipCase(address, index)
        expect(evmAddressProblem(typo), typo).toBe('checksum')
        expect(evmAddressProblem(typo.slice(2)), `${typo} without 0x`).toBe('checksum')
        expect(isEvmAddress(typo)).toBe(false)
      }
    // A lower-case address with one capital is mixed case too, and not a checksum.
    expect(evmAddressProblem('0xde709f2102306220921060314715629080e2fB77')).toBe('checksum')
  })

  it('calls anything but 40 hex digits after an optional 0x a format problem', () => {
    for (const value of [
      '',
      '0x',
      CHECKSUMMED[0]?.slice(0, -1) ?? '',
      `${CHECKSUMMED[0]}0`,
      '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
      ` ${CHECKSUMMED[0]}`,
      `eip155:1:${CHECKSUMMED[0]}`,
    ])
      expect(evmAddressProblem(value), value).toBe('format')
  })
})
