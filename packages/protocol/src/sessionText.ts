// What a smart session's limits and end are made of, the same on the embedded wallet's approval
// screen and in the kit's Account view (each words them in its own catalogue). Zod-free: both page
// bundles import it.
import { formatUtcTime } from './i18n/translate.ts'

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

export type PeriodUnit = 'week' | 'day' | 'hour' | 'minute' | 'second'

/** The units a period is said in, largest first. */
const UNITS: readonly { seconds: number; unit: PeriodUnit }[] = [
  { seconds: WEEK, unit: 'week' },
  { seconds: DAY, unit: 'day' },
  { seconds: HOUR, unit: 'hour' },
  { seconds: MINUTE, unit: 'minute' },
]

/**
 * A period in the largest unit it is a whole number of; one of a unit other than the second
 * has a name of its own ('per day').
 * @example periodOf(3 * 86_400) // { unit: 'day', count: 3 }
 */
export function periodOf(seconds: number): { unit: PeriodUnit; count: number } {
  const whole = UNITS.find((entry) => seconds % entry.seconds === 0)
  return whole
    ? { unit: whole.unit, count: seconds / whole.seconds }
    : { unit: 'second', count: seconds }
}

/** A token as a limit names it: its symbol and decimals. */
export type SessionToken = { symbol: string; decimals: number }

/**
 * A session's end, the same wherever it is shown (in UTC, so the approval screen and the Account
 * view agree whatever the visitor's time zone).
 * @example expiryText(1_800_000_000) // 'Jan 15, 2027, 8:00 AM UTC'
 */
export function expiryText(expiry: number): string {
  return formatUtcTime(expiry, 'en')
}
