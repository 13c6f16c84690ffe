// How a smart session's limits read to a visitor, the same on the embedded wallet's approval screen
// and in the kit's Account view ("10 USDC per day", "3 of 10 USDC today"). Zod-free: both page
// bundles import it.
import { formatExactAmount } from './fees.ts'

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

/** Periods with a name of their own: what "per" and "this" say of them. */
const NAMED_PERIODS: readonly { seconds: number; per: string; current: string }[] = [
  { seconds: WEEK, per: 'per week', current: 'this week' },
  { seconds: DAY, per: 'per day', current: 'today' },
  { seconds: HOUR, per: 'per hour', current: 'this hour' },
  { seconds: MINUTE, per: 'per minute', current: 'this minute' },
]

/** The largest whole unit of `seconds`, spelled out: 'every 3 days', 'every 90 seconds'. */
function everyText(seconds: number): string {
  for (const [size, unit] of [
    [WEEK, 'week'],
    [DAY, 'day'],
    [HOUR, 'hour'],
    [MINUTE, 'minute'],
  ] as const) {
    if (seconds % size === 0) return `every ${seconds / size} ${unit}s`
  }
  return `every ${seconds} seconds`
}

/**
 * A limit's period as the visitor reads it after the amount.
 * @example periodText(86_400) // 'per day'
 * @example periodText(3 * 86_400) // 'every 3 days'
 */
export function periodText(periodDuration: number): string {
  return (
    NAMED_PERIODS.find((named) => named.seconds === periodDuration)?.per ??
    everyText(periodDuration)
  )
}

/**
 * The period in force now, as the visitor reads it after what was used in it.
 * @example currentPeriodText(86_400) // 'today'
 */
export function currentPeriodText(periodDuration: number): string {
  return NAMED_PERIODS.find((named) => named.seconds === periodDuration)?.current ?? 'this period'
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
