import { describe, expect, it } from 'vitest'
import { formatWei, parseQuantity } from './formatWei.ts'

describe('formatWei', () => {
  it('shows every significant digit without trailing zeros', () => {
    expect(formatWei(0n)).toBe('0')
    expect(formatWei(1n)).toBe('0.000000000000000001')
    expect(formatWei(10n ** 18n)).toBe('1')
    expect(formatWei(1_500_000_000_000_000_000n)).toBe('1.5')
    expect(formatWei(123_456_789_012_345_678_901_234n)).toBe('123456.789012345678901234')
    expect(formatWei(-25n * 10n ** 16n)).toBe('-0.25')
  })

  it('takes other decimals', () => {
    expect(formatWei(1_234_500n, 6)).toBe('1.2345')
    expect(formatWei(7n, 0)).toBe('7')
  })
})

describe('parseQuantity', () => {
  it('reads hex, decimal, numbers and bigints', () => {
    expect(parseQuantity('0xde0b6b3a7640000')).toBe(10n ** 18n)
    expect(parseQuantity('1000')).toBe(1000n)
    expect(parseQuantity(42)).toBe(42n)
    expect(parseQuantity(5n)).toBe(5n)
    expect(parseQuantity('0x')).toBe(0n)
  })

  it('is undefined for anything else', () => {
    for (const value of ['0xzz', '1.5', '-1', 1.5, Number.MAX_VALUE, null, {}, undefined]) {
      expect(parseQuantity(value)).toBeUndefined()
    }
  })
})
