const formatters = new Map<string, Intl.NumberFormat>()

/**
 * One grouping formatter per locale (`undefined`: the visitor's). Latin digits throughout, so a
 * whole part and the fraction beside it never mix two scripts.
 */
function groupingFormat(locale: string | undefined): Intl.NumberFormat {
  const key = locale ?? ''
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { numberingSystem: 'latn', useGrouping: true })
    formatters.set(key, format)
  }
  return format
}

/**
 * A plain decimal string with the locale's thousands separators and decimal sign, exact: the
 * digits are kept as they are (amounts are cut, never rounded, before they are shown), at any size.
 * Anything that is not a plain decimal is returned unchanged.
 * @example formatDecimal('1234567.891', 'en-US') // '1,234,567.891'
 * @example formatDecimal('1234567.891', 'de-DE') // '1.234.567,891'
 */
export function formatDecimal(numeric: string, locale?: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(numeric)
  if (!match) return numeric
  const [, sign = '', whole = '0', fraction] = match
  const format = groupingFormat(locale)
  const decimal = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  return `${sign}${format.format(BigInt(whole))}${fraction ? `${decimal}${fraction}` : ''}`
}
