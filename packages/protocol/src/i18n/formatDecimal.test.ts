import { describe, expect, it } from 'vitest'
import { formatDecimal } from './formatDecimal.ts'

describe('formatDecimal', () => {
  it("groups thousands by the locale's rules and keeps every digit", () => {
    expect(formatDecimal('1234567.891', 'en-US')).toBe('1,234,567.891')
    expect(formatDecimal('1234567.891', 'de-DE')).toBe('1.234.567,891')
    expect(formatDecimal('1234567.891', 'fr-FR')).toBe('1\u202f234\u202f567,891')
    expect(formatDecimal('12345678', 'en-IN')).toBe('1,23,45,678')
  })

  it('leaves small numbers, fractions and signs as they are', () => {
    expect(formatDecimal('999', 'en-US')).toBe('999')
    expect(formatDecimal('0.000016', 'en-US')).toBe('0.000016')
    expect(formatDecimal('-2500.5', 'en-US')).toBe('-2,500.5')
  })

  it('is exact beyond what a float holds', () => {
    expect(formatDecimal('123456789012345678901234.5', 'en-US')).toBe(
      '123,456,789,012,345,678,901,234.5',
    )
  })

  it('returns anything else unchanged', () => {
    for (const text of ['', '…', '1e21', '12abc', '1,000']) expect(formatDecimal(text)).toBe(text)
  })

  it("uses the visitor's locale when none is given", () => {
    const visitor = new Intl.NumberFormat().format(1234.5)
    expect(formatDecimal('1234.5')).toBe(visitor)
  })
})
