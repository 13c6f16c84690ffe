import { formatUnits } from 'viem'
import { BALANCE_DECIMALS } from '../constants.ts'

/** Significant digits kept of an amount below 1, so 0.0000166 WBTC does not show as 0. */
const SMALL_AMOUNT_DIGITS = 4

/**
 * A token amount for the Swap view, cut (not rounded): 3 decimals from 1 up, else the
 * first 4 significant digits; no trailing zeros.
 * @example formatTokenAmount('299.41234') // '299.412'
 * @example formatTokenAmount('0.0000166789') // '0.00001667'
 */
export function formatTokenAmount(numeric: string): string {
  const [whole = '0', fraction = ''] = numeric.split('.')
  if (!/^0*$/.test(whole)) {
    const kept = fraction.slice(0, BALANCE_DECIMALS).replace(/0+$/, '')
    return kept ? `${whole}.${kept}` : whole
  }
  const leadingZeros = /^0*/.exec(fraction)?.[0].length ?? 0
  const kept = fraction.slice(0, leadingZeros + SMALL_AMOUNT_DIGITS).replace(/0+$/, '')
  return kept ? `0.${kept}` : '0'
}

/** `formatTokenAmount` of an amount in the smallest unit. */
export function formatTokenUnits(value: bigint, decimals: number): string {
  return formatTokenAmount(formatUnits(value, decimals))
}
