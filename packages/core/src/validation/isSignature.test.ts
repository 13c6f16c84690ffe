import { expect, it } from 'vitest'
import { isSignature } from './isSignature.ts'

it('accepts 0x and at least 62 hex characters', () => {
  expect(isSignature(`0x${'a'.repeat(62)}`)).toBe(true)
  expect(isSignature(`0x${'F'.repeat(130)}`)).toBe(true)
  expect(isSignature(`0x${'a'.repeat(61)}`)).toBe(false)
  expect(isSignature('a'.repeat(64))).toBe(false)
  expect(isSignature(`0x${'a'.repeat(61)}z`)).toBe(false)
})
