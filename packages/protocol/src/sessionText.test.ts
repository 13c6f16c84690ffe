import { describe, expect, it } from 'vitest'
import {
  currentPeriodText,
  expiryText,
  limitText,
  periodText,
  tokenAmountText,
  usageText,
} from './sessionText.ts'

const USDC = { symbol: 'USDC', decimals: 6 }

describe('how a smart session reads', () => {
  it('names the common periods, and spells out any other in its largest whole unit', () => {
    expect(periodText(86_400)).toBe('per day')
    expect(periodText(3_600)).toBe('per hour')
    expect(periodText(604_800)).toBe('per week')
    expect(periodText(60)).toBe('per minute')
    expect(periodText(3 * 86_400)).toBe('every 3 days')
    expect(periodText(7_200)).toBe('every 2 hours')
    expect(periodText(90)).toBe('every 90 seconds')
    expect(currentPeriodText(86_400)).toBe('today')
    expect(currentPeriodText(3_600)).toBe('this hour')
    expect(currentPeriodText(90)).toBe('this period')
  })

  it('writes limits and usage in the token units, exactly', () => {
    expect(limitText(10_000_000n, 86_400, USDC)).toBe('10 USDC per day')
    expect(limitText(1_500_001n, 604_800, USDC)).toBe('1.500001 USDC per week')
    expect(tokenAmountText(5n * 10n ** 17n, { symbol: 'ETH', decimals: 18 })).toBe('0.5 ETH')
    expect(usageText(3_000_000n, 10_000_000n, 86_400, USDC)).toBe('3 of 10 USDC today')
    expect(usageText(0n, 10_000_000n, 86_400, USDC)).toBe('0 of 10 USDC today')
  })

  it('dates the end in UTC, whatever the time zone', () => {
    expect(expiryText(1_800_000_000)).toBe('Jan 15, 2027, 8:00 AM UTC')
  })
})
