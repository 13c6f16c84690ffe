const DAY_MS = 86_400_000

export type DayRange = {
  days: number
  /** Midnight UTC of the first day: rows at or after it count. */
  since: Date
  /** Every day of the range, oldest first, as YYYY-MM-DD. */
  dayList: string[]
  from: string
  to: string
}

const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10)

/**
 * The last `days` UTC days up to and including today. Charts bucket by the server's clock in UTC,
 * so every owner reads the same days whatever their time zone.
 */
export function dayRange(days: number, now = new Date()): DayRange {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS
  const first = today - (days - 1) * DAY_MS
  const dayList = Array.from({ length: days }, (_, index) => isoDay(first + index * DAY_MS))
  return { days, since: new Date(first), dayList, from: isoDay(first), to: isoDay(today) }
}

/** One row per day of the range, from rows keyed by day; a day without a row gets `empty`. */
export function everyDay<Row extends { day: string }>(
  range: DayRange,
  rows: readonly Row[],
  empty: Omit<Row, 'day'>,
): Row[] {
  const byDay = new Map(rows.map((row) => [row.day, row]))
  return range.dayList.map((day) => byDay.get(day) ?? ({ ...empty, day } as Row))
}

/** The range as the JSON routes report it. */
export const rangeOf = (range: DayRange) => ({
  days: range.days,
  from: range.from,
  to: range.to,
})
