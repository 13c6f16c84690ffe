import { formatUnits } from 'viem'

/**
 * A token amount in whole units, cut (not rounded) to `decimals` places, without trailing zeros
 * (balances are shown to 3 decimals). Exact for any size: no floating point on the way.
 * @example truncateBalance(1234567n, 6) // '1.234'
 */
export function truncateBalance(value: bigint, tokenDecimals: number, decimals = 3): string {
  const [whole = '0', fraction = ''] = formatUnits(value, tokenDecimals).split('.')
  const kept = fraction.slice(0, decimals).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole
}
