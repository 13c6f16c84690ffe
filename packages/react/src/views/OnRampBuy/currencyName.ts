/** A fiat currency's English name ('US Dollar'), or its code when the runtime does not know it. */
export function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code
  } catch {
    return code
  }
}
