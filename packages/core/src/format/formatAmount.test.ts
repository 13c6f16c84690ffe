import { describe, expect, it } from 'vitest'
import { formatUsd, truncateDecimal } from './formatAmount.ts'

describe('truncateDecimal', () => {
  it('cuts to 3 decimals without rounding up', () => {
    expect(truncateDecimal('1234.56789')).toBe('1234.567')
    expect(truncateDecimal('0.9999')).toBe('0.999')
  })
  it('drops trailing zeros and a bare point', () => {
    expect(truncateDecimal('2.500')).toBe('2.5')
    expect(truncateDecimal('7.0004')).toBe('7')
    expect(truncateDecimal('12')).toBe('12')
  })
  it('keeps every digit of a large whole part', () => {
    expect(truncateDecimal('123456789012345678901234.5')).toBe('123456789012345678901234.5')
  })
})

describe('formatUsd', () => {
  it('shows two decimals and thousands separators', () => {
    expect(formatUsd(1234.5, 'en-US')).toBe('$1,234.50')
    expect(formatUsd(0.004, 'en-US')).toBe('$0.00')
    expect(formatUsd(3000, 'en-US')).toBe('$3,000.00')
  })

  it("writes money the locale's way, the visitor's by default", () => {
    expect(formatUsd(1234.5, 'de-DE')).toBe('1.234,50\u00a0$')
    expect(formatUsd(1234.5)).toBe(
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(1234.5),
    )
  })
})
