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

const usdFormats = new Map<string, Intl.NumberFormat>()

/**
 * A USD amount with 2 decimals, as token values and totals are shown, written the way the
 * visitor's locale writes money (`locale` undefined), or the given locale's.
 * @example formatUsd(1234.5, 'en-US') // '$1,234.50'
 */
export function formatUsd(value: number, locale?: string): string {
  const key = locale ?? ''
  let format = usdFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    usdFormats.set(key, format)
  }
  return format.format(value)
}
