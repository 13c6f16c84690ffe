/**
 * A decimal string cut (not rounded) to `decimals` places, without trailing zeros: the server's
 * exact quantities shown short (balances to 3 decimals).
 * @example truncateDecimal('1234.56789', 3) // '1234.567'
 */
export function truncateDecimal(numeric: string, decimals = 3): string {
  const [whole = '0', fraction = ''] = numeric.split('.')
  const kept = fraction.slice(0, decimals).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** A USD amount with 2 decimals, as token totals are shown. */
export function formatUsd(value: number): string {
  return usd.format(value)
}
