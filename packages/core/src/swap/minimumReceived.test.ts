import { describe, expect, it } from 'vitest'
import { isValidSlippage, minimumReceived } from './minimumReceived.ts'

describe('minimumReceived', () => {
  it('takes the slippage off the quote, rounding down', () => {
    expect(minimumReceived(299_400_000n, 1)).toBe(296_406_000n)
    expect(minimumReceived(999n, 1)).toBe(989n)
    expect(minimumReceived(10n ** 18n, 0.5)).toBe(995n * 10n ** 15n)
    expect(minimumReceived(1_000_000n, 0.0001)).toBe(999_999n)
  })
})

describe('isValidSlippage', () => {
  it('accepts more than 0 and at most 50 percent', () => {
    expect([0.01, 1, 50].map(isValidSlippage)).toEqual([true, true, true])
    expect([0, -1, 50.5, Number.NaN].map(isValidSlippage)).toEqual([false, false, false, false])
  })
})
