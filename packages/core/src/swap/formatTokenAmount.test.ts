import { describe, expect, it } from 'vitest'
import { formatTokenAmount, formatTokenUnits } from './formatTokenAmount.ts'

describe('formatTokenAmount', () => {
  it('cuts amounts from 1 up to 3 decimals, without trailing zeros', () => {
    expect(formatTokenAmount('299.41299')).toBe('299.412')
    expect(formatTokenAmount('299.4')).toBe('299.4')
    expect(formatTokenAmount('2994.000001')).toBe('2994')
    expect(formatTokenAmount('12')).toBe('12')
  })

  it('keeps 4 significant digits below 1, so small amounts do not read as 0', () => {
    expect(formatTokenAmount('0.0000166789')).toBe('0.00001667')
    expect(formatTokenAmount('0.5')).toBe('0.5')
    expect(formatTokenAmount('0.123456')).toBe('0.1234')
    expect(formatTokenAmount('0.000')).toBe('0')
  })

  it('reads amounts in the smallest unit', () => {
    expect(formatTokenUnits(299_412_345n, 6)).toBe('299.412')
    expect(formatTokenUnits(1660n, 8)).toBe('0.0000166')
  })
})
