/** A fiat currency's name in the locale ('US Dollar', 'US-Dollar'), or its code when the runtime does not know it. */
export function currencyName(code: string, locale = 'en'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? code
  } catch {
    return code
  }
}
