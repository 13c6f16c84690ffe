/**
 * A token amount in whole units, cut (not rounded) to `decimals` places, without trailing zeros
 * (balances are shown to 3 decimals). Exact for any size: no floating point on the way, and no
 * viem, so a page without EVM networks carries none of it.
 * @example truncateBalance(1234567n, 6) // '1.234'
 */
export function truncateBalance(value: bigint, tokenDecimals: number, decimals = 3): string {
  const sign = value < 0n ? '-' : ''
  const digits = (value < 0n ? -value : value).toString().padStart(tokenDecimals + 1, '0')
  const whole = digits.slice(0, digits.length - tokenDecimals)
  const kept = digits
    .slice(digits.length - tokenDecimals, digits.length - tokenDecimals + decimals)
    .replace(/0+$/, '')
  return `${sign}${kept ? `${whole}.${kept}` : whole}`
}
