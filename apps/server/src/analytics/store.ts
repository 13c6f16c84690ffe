import type { TelemetryEvent } from '@latch/protocol'
import type { Queryable } from '../db/index.ts'

/**
 * The page an event happened on without its query and fragment: they may carry an email, a token
 * or an order id, and the owner reads page paths, not what a visitor typed.
 */
export function pageOf(url: string): string {
  const parsed = new URL(url)
  parsed.search = ''
  parsed.hash = ''
  return parsed.toString()
}

/**
 * Stores a project's events in one statement; an event id already stored (a resent batch, a beacon
 * after a fetch that did arrive) is skipped. Resolves with how many rows were new.
 */
export async function storeEvents(
  db: Queryable,
  projectId: string,
  events: readonly TelemetryEvent[],
): Promise<number> {
  if (events.length === 0) return 0
  const rows = events.map(({ eventId, url, domain, timestamp, props }) => {
    const { type, event, ...fields } = props
    return {
      event_id: eventId,
      type,
      event,
      url: pageOf(url),
      domain,
      ts: timestamp,
      props: fields,
    }
  })
  const inserted = await db.query<{ count: string | number }>(
    `with added as (
       insert into analytics_events (project_id, event_id, type, event, url, domain, occurred_at, props)
       select $1, event_id, type, event, url, domain, to_timestamp(ts / 1000.0), props
       from jsonb_to_recordset($2::jsonb)
         as input(event_id text, type text, event text, url text, domain text, ts double precision, props jsonb)
       on conflict (project_id, event_id) do nothing
       returning 1
     )
     select count(*) as count from added`,
    [projectId, JSON.stringify(rows)],
  )
  return Number(inserted[0]?.count ?? 0)
}

/** Deletes events received more than `days` days ago; resolves with how many went. */
export async function deleteExpiredEvents(db: Queryable, days: number): Promise<number> {
  const deleted = await db.query<{ count: string | number }>(
    `with gone as (
       delete from analytics_events where received_at < now() - make_interval(days => $1::int)
       returning 1
     )
     select count(*) as count from gone`,
    [days],
  )
  return Number(deleted[0]?.count ?? 0)
}
