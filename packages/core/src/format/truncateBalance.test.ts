import { describe, expect, it } from 'vitest'
import { truncateBalance } from './truncateBalance.ts'

describe('truncateBalance', () => {
  it('cuts to 3 decimals without rounding up', () => {
    expect(truncateBalance(1_239_999n, 6)).toBe('1.239')
    expect(truncateBalance(999_999_999_999_999_999n, 18)).toBe('0.999')
  })

  it('drops trailing zeros and keeps large amounts exact', () => {
    expect(truncateBalance(10_000n * 10n ** 18n, 18)).toBe('10000')
    expect(truncateBalance(123_456_789_012_345_678_901_234_567n, 18)).toBe('123456789.012')
    expect(truncateBalance(1_500_000n, 6)).toBe('1.5')
  })

  it('shows amounts below the last kept digit as 0', () => {
    expect(truncateBalance(1n, 18)).toBe('0')
  })

  it('reads a coin without decimals, and a negative amount', () => {
    expect(truncateBalance(42n, 0)).toBe('42')
    expect(truncateBalance(-1_500_000n, 6)).toBe('-1.5')
  })
})
