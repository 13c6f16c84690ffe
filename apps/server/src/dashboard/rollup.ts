import type { Database, Queryable } from '../db/index.ts'
import type { DayRange } from './range.ts'

const DAY_MS = 86_400_000

/**
 * Days this recent are read from the raw events, never rolled up: an insert whose transaction
 * began before midnight may still commit after it, so the day before today is not final yet.
 */
const RAW_DAYS = 2

/** The events the dashboard reads: the rollup keeps only these. */
export const DASHBOARD_EVENTS = [
  'MODAL_OPEN',
  'SELECT_METHOD',
  'SELECT_WALLET',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'SEND_SUCCESS',
  'SEND_ERROR',
  'SWAP_SUCCESS',
  'SWAP_ERROR',
  'SIWX_AUTH_SUCCESS',
  'SIWX_AUTH_ERROR',
  'CLICK_CANCEL_SIWX',
  'ERROR_FETCH_TRANSACTIONS',
  'KIT_ERROR',
]

/** The longest message the rollup keeps of an error: past it, messages group by their start. */
const MESSAGE_CHARS = 500

/** The longest view name or kit version the rollup keeps: the kit's are a few characters. */
const LABEL_CHARS = 64

// The fields the dashboard groups by, read from an event's props, '' when absent. The kit puts a
// view and its version on its errors only (KIT_ERROR): its other events add no rows by them.
const FIELDS = `coalesce(props->>'method', '') as method, coalesce(props->>'name', '') as name,
  coalesce(props->>'chain', '') as chain, coalesce(props->>'connected', '') as connected,
  left(coalesce(props->>'message', ''), ${MESSAGE_CHARS}) as message,
  left(coalesce(props->>'view', ''), ${LABEL_CHARS}) as view,
  left(coalesce(props->>'version', ''), ${LABEL_CHARS}) as version`

/** Midnight UTC of the first day read raw: rolled-up days end before it. */
export const rawFrom = (now = new Date()): Date =>
  new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (RAW_DAYS - 1) * DAY_MS)

/**
 * Rolls up each finished day of the range that is not rolled up yet, in one transaction under a
 * lock per project, so two readers never write a day twice.
 */
export async function rollUp(db: Database, projectId: string, range: DayRange): Promise<void> {
  const until = rawFrom()
  if (range.since >= until) return
  await db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('latch-analytics-daily:' || $1))`, [
      projectId,
    ])
    const missing = await tx.query<{ day: string }>(
      `select to_char(series.d, 'YYYY-MM-DD') as day
       from generate_series($2::timestamptz at time zone 'UTC',
                            $3::timestamptz at time zone 'UTC' - interval '1 day',
                            interval '1 day') as series(d)
       where not exists (
         select 1 from analytics_daily_done done
         where done.project_id = $1 and done.day = series.d::date)`,
      [projectId, range.since, until],
    )
    if (missing.length === 0) return
    const days = missing.map((row) => row.day)
    await tx.query(
      `insert into analytics_daily
         (project_id, day, event, method, name, chain, connected, message, view, version, count,
          last_seen)
       select $1, (received_at at time zone 'UTC')::date, event, method, name, chain, connected,
              message, view, version, count(*), max(received_at)
       from (select received_at, event, ${FIELDS} from analytics_events
             where project_id = $1 and event = any($2::text[])
               and received_at >= $3 and received_at < $4
               and to_char(received_at at time zone 'UTC', 'YYYY-MM-DD') = any($5::text[])) as fields
       group by 2, 3, 4, 5, 6, 7, 8, 9, 10`,
      [projectId, DASHBOARD_EVENTS, range.since, until, days],
    )
    await tx.query(
      `insert into analytics_daily_done (project_id, day)
       select $1, day::date from unnest($2::text[]) as day on conflict do nothing`,
      [projectId, days],
    )
  })
}

/**
 * The events of `names` over the range as rows of (event, day, method, name, chain, connected,
 * message, view, version, count, last_seen): finished days from the rollup, the last days from the
 * raw events.
 * Call rollUp first.
 */
export function eventsSource(): string {
  return `(
    select event, to_char(day, 'YYYY-MM-DD') as day, method, name, chain, connected, message,
           view, version, count, last_seen
    from analytics_daily
    where project_id = $1 and event = any($2::text[]) and day >= ($3::timestamptz at time zone 'UTC')::date
      and day < ($4::timestamptz at time zone 'UTC')::date
    union all
    select event, to_char(received_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${FIELDS},
           1 as count, received_at as last_seen
    from analytics_events
    where project_id = $1 and event = any($2::text[]) and received_at >= greatest($3::timestamptz, $4::timestamptz)
  ) as source`
}

export type { Queryable }
