import { describe, expect, it } from 'vitest'
import { networkFeeUsd } from './networkFee.ts'

describe('networkFeeUsd', () => {
  it('prices gas x gas price in the native coin at its USD price', () => {
    expect(networkFeeUsd({ gas: 150_000n, gasPrice: 2_000_000_000n }, 18, 3000)).toBeCloseTo(
      0.9,
      12,
    )
  })

  it('is unknown without gas or a price', () => {
    expect(networkFeeUsd(undefined, 18, 3000)).toBeUndefined()
    expect(networkFeeUsd({ gas: 1n, gasPrice: 1n }, 18, undefined)).toBeUndefined()
    expect(networkFeeUsd({ gas: 1n, gasPrice: 1n }, 18, 0)).toBeUndefined()
  })
})
