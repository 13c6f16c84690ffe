import { expect, it } from 'vitest'
import { isAccountName } from './isAccountName.ts'

it('accepts letters, digits and hyphens, at least 4', () => {
  expect(isAccountName('alice')).toBe(true)
  expect(isAccountName('a-b9')).toBe(true)
  expect(isAccountName('abc')).toBe(false)
  expect(isAccountName('ali ce')).toBe(false)
  expect(isAccountName('alice.eth')).toBe(false)
  expect(isAccountName('al_ce')).toBe(false)
})
