/** What the browser says of the visitor's wishes: Do Not Track and Global Privacy Control. */
export type PrivacySignals = { doNotTrack?: string | null; globalPrivacyControl?: boolean }

/**
 * Whether the kit may send usage events at all: the site did not turn analytics off, and the
 * visitor asks for neither Do Not Track nor Global Privacy Control (their wish beats the site's).
 */
export function analyticsAllowed(
  siteAnalytics: boolean | undefined,
  signals: PrivacySignals | undefined = globalThis.navigator as PrivacySignals | undefined,
): boolean {
  if (siteAnalytics === false) return false
  return signals?.doNotTrack !== '1' && signals?.globalPrivacyControl !== true
}
