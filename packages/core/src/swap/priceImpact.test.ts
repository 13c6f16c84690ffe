import { describe, expect, it } from 'vitest'
import { exchangeRate, priceImpactPercent } from './priceImpact.ts'

/** Uniswap V2's getAmountOut, to check the impact of a real pool's answer. */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

describe('exchangeRate', () => {
  it('gives the tokens bought per whole token sold', () => {
    expect(
      exchangeRate({
        fromAmount: 10n ** 17n,
        fromDecimals: 18,
        toAmount: 299_400_000n,
        toDecimals: 6,
      }),
    ).toBe('2994')
    // 100 USDC for 0.00166 WBTC (8 decimals): a rate below the token's smallest unit per unit.
    expect(
      exchangeRate({
        fromAmount: 100_000_000n,
        fromDecimals: 6,
        toAmount: 166_000n,
        toDecimals: 8,
      }),
    ).toBe('0.0000166')
  })
})

describe('priceImpactPercent', () => {
  it('compares the USD value bought with the USD value sold', () => {
    // 1 ETH at 3000 USD for 2970 USDC at 1 USD: 1% less.
    expect(
      priceImpactPercent({
        fromAmount: 10n ** 18n,
        fromDecimals: 18,
        fromPrice: 3000,
        toAmount: 2_970_000_000n,
        toDecimals: 6,
        toPrice: 1,
      }),
    ).toBeCloseTo(1, 10)
  })

  it('is the pool fee for a small trade and grows with the trade against a pool', () => {
    // A pool of 1000 ETH and 3,000,000 USDC: spot 3000 USD per ETH.
    const reserveEth = 1000n * 10n ** 18n
    const reserveUsdc = 3_000_000n * 10n ** 6n
    const impact = (eth: bigint) =>
      priceImpactPercent({
        fromAmount: eth,
        fromDecimals: 18,
        fromPrice: 3000,
        toAmount: amountOut(eth, reserveEth, reserveUsdc),
        toDecimals: 6,
        toPrice: 1,
      }) ?? Number.NaN
    expect(impact(10n ** 15n)).toBeCloseTo(0.3, 2)
    // 10% of the pool: 9.1% moved by the trade and the 0.3% fee.
    expect(impact(100n * 10n ** 18n)).toBeCloseTo(9.34, 2)
    expect(impact(100n * 10n ** 18n)).toBeGreaterThan(impact(10n * 10n ** 18n))
  })

  it('counts a quote better than the market as no impact, and an unknown price as unknown', () => {
    const quote = {
      fromAmount: 10n ** 18n,
      fromDecimals: 18,
      toAmount: 3_100_000_000n,
      toDecimals: 6,
    }
    expect(priceImpactPercent({ ...quote, fromPrice: 3000, toPrice: 1 })).toBe(0)
    expect(priceImpactPercent({ ...quote, fromPrice: undefined, toPrice: 1 })).toBeUndefined()
    expect(priceImpactPercent({ ...quote, fromPrice: 3000, toPrice: 0 })).toBeUndefined()
  })
})
