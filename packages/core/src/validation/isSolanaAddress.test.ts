import { expect, it } from 'vitest'
import { isSolanaAddress } from './isSolanaAddress.ts'

it('accepts 32 to 44 base58 characters', () => {
  expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
  expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true)
  expect(isSolanaAddress('1'.repeat(31))).toBe(false)
  expect(isSolanaAddress('1'.repeat(45))).toBe(false)
  // 0, O, I and l are not base58.
  for (const bad of ['0', 'O', 'I', 'l']) expect(isSolanaAddress(bad.repeat(32))).toBe(false)
})
