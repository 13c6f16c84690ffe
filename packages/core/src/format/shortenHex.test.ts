import { expect, it } from 'vitest'
import { shortenHex } from './shortenHex.ts'

it('keeps 0x and 4 hex digits of an address, and its last 4', () => {
  expect(shortenHex('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('0x7099…79C8')
  // Twelve characters would not get shorter.
  expect(shortenHex('0x1234567890')).toBe('0x1234567890')
  expect(shortenHex('0x12345678901')).toBe('0x1234…8901')
})

it('keeps 0x, 6 hex digits and the last 4 of a hash; short values stay whole', () => {
  expect(shortenHex(`0x${'ab'.repeat(31)}cdef`, 8)).toBe('0xababab…cdef')
  expect(shortenHex('0x1234', 8)).toBe('0x1234')
  expect(shortenHex('0x123456789012', 8)).toBe('0x123456789012')
})
