/**
 * The time zones of mainland China, Hong Kong and Macau (IANA names, current and legacy): where
 * buying crypto and swapping are not offered by default, as such services are not licensed there.
 */
export const DEFAULT_RESTRICTED_TIMEZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Beijing',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
]

/** What a restricted region takes away, in one sentence the Account view shows in its place. */
export const RESTRICTED_REGION_MESSAGE = 'Buying crypto and swaps are not available in your region.'

/**
 * Whether `timeZone` is one of `restricted`; zone names compare without case, as browsers and
 * operating systems do not agree on it. An empty list restricts nothing.
 * @example isRestrictedTimezone('Asia/Shanghai', DEFAULT_RESTRICTED_TIMEZONES) // true
 */
export function isRestrictedTimezone(
  timeZone: string | undefined,
  restricted: readonly string[],
): boolean {
  if (!timeZone) return false
  const zone = timeZone.toLowerCase()
  return restricted.some((entry) => entry.toLowerCase() === zone)
}

/** The visitor's time zone as the browser reports it; undefined where it cannot tell. */
export function visitorTimezone(): string | undefined {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}
