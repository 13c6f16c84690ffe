import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatExactAmount, formatNativeAmount, nativeShortfall, shortfallOf } from './fees.ts'

const eth = { symbol: 'ETH', decimals: 18 }

describe('nativeShortfall', () => {
  it('is what the balance lacks for value plus fee, never below zero', () => {
    expect(nativeShortfall(10n, { value: 5n, fee: 7n })).toBe(2n)
    expect(nativeShortfall(12n, { value: 5n, fee: 7n })).toBe(0n)
    expect(nativeShortfall(100n, { value: 5n, fee: 7n })).toBe(0n)
    // An unknown fee is not counted: the value alone is checked.
    expect(nativeShortfall(4n, { value: 5n, fee: undefined })).toBe(1n)
  })
})

describe('formatExactAmount', () => {
  it('writes every digit, without trailing zeros', () => {
    expect(formatExactAmount(2_044_280n, 9)).toBe('0.00204428')
    expect(formatExactAmount(5000n, 9)).toBe('0.000005')
    expect(formatExactAmount(1_500_000_001n, 9)).toBe('1.500000001')
    expect(formatExactAmount(2n * 10n ** 9n, 9)).toBe('2')
    expect(formatExactAmount(0n, 9)).toBe('0')
    expect(formatExactAmount(42n, 0)).toBe('42')
  })
})

describe('formatNativeAmount', () => {
  it('shows up to 6 decimals, more below one so two significant digits show', () => {
    expect(formatNativeAmount(parseEther('1.5'), 18)).toBe('1.5')
    expect(formatNativeAmount(parseEther('0.000042'), 18)).toBe('0.000042')
    expect(formatNativeAmount(parseEther('1.23456789'), 18)).toBe('1.234567')
    expect(formatNativeAmount(1n, 18)).toBe('0.000000000000000001')
    expect(formatNativeAmount(123_456n, 18)).toBe('0.00000000000012')
    expect(formatNativeAmount(0n, 18)).toBe('0')
    expect(formatNativeAmount(1_234_500n, 6)).toBe('1.2345')
    expect(formatNativeAmount(7n, 0)).toBe('7')
  })

  it('rounds up an amount someone must pay', () => {
    expect(formatNativeAmount(parseEther('1.2345671'), 18, true)).toBe('1.234568')
    expect(formatNativeAmount(123_456n, 18, true)).toBe('0.00000000000013')
    expect(formatNativeAmount(parseEther('2'), 18, true)).toBe('2')
  })
})

describe('shortfallOf', () => {
  it('says nothing when the balance pays', () => {
    expect(
      shortfallOf({ balance: parseEther('1'), cost: { value: 0n, fee: 1n }, currency: eth }),
    ).toBeUndefined()
  })

  it('names the network fee when only the fee is missing, with the amount rounded up', () => {
    expect(
      shortfallOf({
        balance: 0n,
        cost: { value: 0n, fee: 21_000n * 2_000_000_001n },
        currency: eth,
      }),
    ).toEqual({ pays: 'fee', more: '0.000043' })
    expect(
      shortfallOf({
        balance: parseEther('1'),
        cost: { value: parseEther('1'), fee: parseEther('0.001') },
        currency: eth,
      }),
    ).toEqual({ pays: 'fee', more: '0.001' })
  })

  it('takes a shortfall already worked out instead of working it out again', () => {
    const cost = { value: 0n, fee: 42_000_000_000_000n }
    expect(
      shortfallOf({ balance: 0n, cost, currency: eth, shortfall: 50_000_000_000_000n }),
    ).toEqual({ pays: 'fee', more: '0.00005' })
    expect(shortfallOf({ balance: 0n, cost, currency: eth, shortfall: 0n })).toBeUndefined()
  })

  it('names the amount too when the value alone is more than the balance', () => {
    expect(
      shortfallOf({
        balance: parseEther('1'),
        cost: { value: parseEther('2'), fee: parseEther('0.5') },
        currency: { symbol: 'POL', decimals: 18 },
      }),
    ).toEqual({ pays: 'amountAndFee', more: '1.5' })
  })
})
