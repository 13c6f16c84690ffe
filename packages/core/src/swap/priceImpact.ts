import { formatUnits } from 'viem'

/** Extra digits kept when dividing amounts, so a rate like 0.0000166 WBTC per USDC survives. */
const RATE_PRECISION = 18

/**
 * How much of the token bought one whole token sold gives at the quote, as a decimal string
 * (exact to 18 more digits than the token bought has).
 * @example exchangeRate({ fromAmount: 10n ** 17n, fromDecimals: 18, toAmount: 299_400_000n, toDecimals: 6 }) // '2994'
 */
export function exchangeRate(quote: {
  fromAmount: bigint
  fromDecimals: number
  toAmount: bigint
  toDecimals: number
}): string {
  if (quote.fromAmount === 0n) return '0'
  const scaled =
    (quote.toAmount * 10n ** BigInt(quote.fromDecimals + RATE_PRECISION)) / quote.fromAmount
  return formatUnits(scaled, quote.toDecimals + RATE_PRECISION)
}

/**
 * The price impact of a quote, in percent: how much less the tokens bought are worth than the
 * tokens sold, both valued at the server's USD prices (the spot price: for the devnet, read from
 * the same pools before the trade). It compares the quote's rate with the spot rate
 * (`fromPrice / toPrice`), so it counts the pools' 0.3% fee with the trade's own move of the
 * price: what the user loses against the market. A quote better than the market counts as 0.
 * Undefined when either price is unknown.
 * @example priceImpactPercent({ fromAmount: 10n ** 18n, fromDecimals: 18, fromPrice: 3000, toAmount: 2_970_000_000n, toDecimals: 6, toPrice: 1 }) // 1
 */
export function priceImpactPercent(quote: {
  fromAmount: bigint
  fromDecimals: number
  fromPrice: number | undefined
  toAmount: bigint
  toDecimals: number
  toPrice: number | undefined
}): number | undefined {
  const { fromPrice, toPrice } = quote
  if (!fromPrice || !toPrice || fromPrice <= 0 || toPrice <= 0) return undefined
  const soldUsd = Number(formatUnits(quote.fromAmount, quote.fromDecimals)) * fromPrice
  const boughtUsd = Number(formatUnits(quote.toAmount, quote.toDecimals)) * toPrice
  if (!(soldUsd > 0)) return undefined
  return Math.max(0, (1 - boughtUsd / soldUsd) * 100)
}
