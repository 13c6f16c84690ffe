import { describe, expect, it } from 'vitest'
import { feeRatesOf } from './feeRates.ts'

describe('Bitcoin fee rates', () => {
  it('take the 6-, 3- and 1-block estimates, rounded up to whole sat/vB', () => {
    expect(feeRatesOf({ '1': 25.1, '2': 20, '3': 15.2, '6': 10.1, '144': 1.5 })).toEqual({
      unit: 'sat/vB',
      slow: 11,
      normal: 16,
      fast: 26,
    })
  })

  it('use the nearest longer target the node gave, and never go under 1 sat/vB or out of order', () => {
    // mempool.space leaves targets out when they equal a shorter one's.
    expect(feeRatesOf({ '2': 8, '5': 3.5, '144': 0.5 })).toEqual({
      unit: 'sat/vB',
      slow: 1,
      normal: 4,
      fast: 8,
    })
    expect(feeRatesOf({})).toEqual({ unit: 'sat/vB', slow: 1, normal: 1, fast: 1 })
    expect(feeRatesOf({ '1': 2, '3': 5, '6': 9 })).toEqual({
      unit: 'sat/vB',
      slow: 2,
      normal: 2,
      fast: 2,
    })
  })
})
