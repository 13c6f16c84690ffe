import { describe, expect, it } from 'vitest'
import { parseSwapAmount } from './parseSwapAmount.ts'

describe('parseSwapAmount', () => {
  it('reads whole units into the smallest unit exactly', () => {
    expect(parseSwapAmount('1.5', 6, 'USDC')).toEqual({ status: 'valid', value: 1_500_000n })
    expect(parseSwapAmount('0.1', 18, 'ETH')).toEqual({ status: 'valid', value: 10n ** 17n })
    expect(parseSwapAmount('.5', 6, 'USDC')).toEqual({ status: 'valid', value: 500_000n })
    expect(parseSwapAmount(' 12. ', 6, 'USDC')).toEqual({ status: 'valid', value: 12_000_000n })
    expect(parseSwapAmount('123456789.123456789012345678', 18, 'DAI')).toEqual({
      status: 'valid',
      value: 123456789123456789012345678n,
    })
  })

  it('leaves an empty field empty', () => {
    expect(parseSwapAmount('', 18, 'ETH')).toEqual({ status: 'empty' })
    expect(parseSwapAmount('  ', 18, 'ETH')).toEqual({ status: 'empty' })
  })

  it('refuses what is not a plain number, zero, and too many decimals, saying why', () => {
    for (const input of ['abc', '1,5', '1e3', '-1', '.', '1.2.3', '0x10']) {
      expect(parseSwapAmount(input, 18, 'ETH')).toEqual({
        status: 'invalid',
        message: 'Enter a number, e.g. 0.1',
      })
    }
    expect(parseSwapAmount('0.000', 18, 'ETH')).toEqual({
      status: 'invalid',
      message: 'Enter an amount greater than 0',
    })
    expect(parseSwapAmount('1.0000001', 6, 'USDC')).toMatchObject({
      status: 'invalid',
      message: { key: 'swap.atMostDecimals', english: 'USDC has at most 6 decimals' },
    })
  })
})
