// How a smart session's limits read to a visitor, the same on the embedded wallet's approval screen
// and in the kit's Account view ("10 USDC per day", "3 of 10 USDC today"). Zod-free: both page
// bundles import it.
import { formatExactAmount } from './fees.ts'

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

/** What "per" and "this" say of the periods with a name. */
const NAMED: Readonly<Record<Exclude<PeriodUnit, 'second'>, { per: string; current: string }>> = {
  week: { per: 'per week', current: 'this week' },
  day: { per: 'per day', current: 'today' },
  hour: { per: 'per hour', current: 'this hour' },
  minute: { per: 'per minute', current: 'this minute' },
}

const namedOf = (seconds: number) => {
  const { unit, count } = periodOf(seconds)
  return count === 1 && unit !== 'second' ? NAMED[unit] : undefined
}

/**
 * A limit's period as the visitor reads it after the amount.
 * @example periodText(86_400) // 'per day'
 * @example periodText(3 * 86_400) // 'every 3 days'
 */
export function periodText(periodDuration: number): string {
  const named = namedOf(periodDuration)
  if (named) return named.per
  const { unit, count } = periodOf(periodDuration)
  return `every ${count} ${unit}s`
}

/**
 * The period in force now, as the visitor reads it after what was used in it.
 * @example currentPeriodText(86_400) // 'today'
 */
export function currentPeriodText(periodDuration: number): string {
  return namedOf(periodDuration)?.current ?? 'this period'
}

/** A token as a limit names it: its symbol and decimals. */
export type SessionToken = { symbol: string; decimals: number }

/**
 * An amount in base units in the token's units, to its last digit (a limit is exact).
 * @example tokenAmountText(10_000_000n, { symbol: 'USDC', decimals: 6 }) // '10 USDC'
 */
export function tokenAmountText(amount: bigint, token: SessionToken): string {
  return `${formatExactAmount(amount, token.decimals)} ${token.symbol}`
}

/**
 * A spending limit: its amount in the token's units, then its period.
 * @example limitText(10_000_000n, 86_400, { symbol: 'USDC', decimals: 6 }) // '10 USDC per day'
 */
export function limitText(
  periodAmount: bigint,
  periodDuration: number,
  token: SessionToken,
): string {
  return `${tokenAmountText(periodAmount, token)} ${periodText(periodDuration)}`
}

/**
 * What a session used of a limit in the period in force.
 * @example usageText(3_000_000n, 10_000_000n, 86_400, { symbol: 'USDC', decimals: 6 }) // '3 of 10 USDC today'
 */
export function usageText(
  spent: bigint,
  periodAmount: bigint,
  periodDuration: number,
  token: SessionToken,
): string {
  return `${formatExactAmount(spent, token.decimals)} of ${tokenAmountText(periodAmount, token)} ${currentPeriodText(periodDuration)}`
}

/**
 * A session's end, the same wherever it is shown (in UTC, so the approval screen and the Account
 * view agree whatever the visitor's time zone).
 * @example expiryText(1_800_000_000) // 'Jan 15, 2027, 8:00 AM UTC'
 */
export function expiryText(expiry: number): string {
  return `${EXPIRY_FORMAT.format(new Date(expiry * 1000))} UTC`
}

const EXPIRY_FORMAT = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})
