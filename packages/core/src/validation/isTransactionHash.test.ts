import { expect, it } from 'vitest'
import { isTransactionHash } from './isTransactionHash.ts'

const hash = `0x${'Ab'.repeat(32)}`

it('accepts 0x and 64 hex characters only', () => {
  expect(isTransactionHash(hash)).toBe(true)
  expect(isTransactionHash(hash.slice(2))).toBe(false)
  expect(isTransactionHash(`${hash}0`)).toBe(false)
  expect(isTransactionHash(hash.slice(0, -1))).toBe(false)
  expect(isTransactionHash(`0x${'g'.repeat(64)}`)).toBe(false)
})
