import { expect, it } from 'vitest'
import { shortenHash } from './shortenHash.ts'

it('keeps 0x, 6 hex digits and the last 4 of a hash; short values stay whole', () => {
  expect(shortenHash(`0x${'ab'.repeat(31)}cdef`)).toBe('0xababab…cdef')
  expect(shortenHash('0x1234')).toBe('0x1234')
})
