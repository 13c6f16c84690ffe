import { expect, it } from 'vitest'
import { isEmail } from './isEmail.ts'

it('accepts an address with one @ and a dotted domain', () => {
  expect(isEmail('alice@example.com')).toBe(true)
  expect(isEmail('alice+latch@mail.example.co.uk')).toBe(true)
  for (const bad of [
    'alice',
    'alice@',
    '@example.com',
    'alice@example',
    'a b@example.com',
    'a@b@c.io',
    'a@b..io',
  ]) {
    expect(isEmail(bad)).toBe(false)
  }
  expect(isEmail(`${'a'.repeat(250)}@b.io`)).toBe(false)
})
