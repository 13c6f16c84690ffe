import { randomUUID } from 'node:crypto'
import type { Queryable } from '../src/db/index.ts'

/** One analytics event as the ingestion route stores it; `at` is when the server received it. */
export type SeedEvent = {
  event: string
  props?: Record<string, unknown>
  at: Date
  type?: 'track' | 'error'
  projectId?: string
  /** Stores this many copies (each its own event id). */
  times?: number
}

/** Writes events straight into analytics_events, as the ingestion route would have. */
export async function insertEvents(db: Queryable, events: readonly SeedEvent[]): Promise<void> {
  for (const seed of events) {
    for (let copy = 0; copy < (seed.times ?? 1); copy++) {
      const type = seed.type ?? (seed.event === 'KIT_ERROR' ? 'error' : 'track')
      await db.query(
        `insert into analytics_events
           (project_id, event_id, type, event, url, domain, occurred_at, received_at, props)
         values ($1, $2, $3, $4, 'https://site.example/', 'site.example', $5, $5, $6)`,
        [
          seed.projectId ?? 'latch-dev',
          randomUUID(),
          type,
          seed.event,
          seed.at,
          JSON.stringify({ type, event: seed.event, ...seed.props }),
        ],
      )
    }
  }
}

/** An on-ramp order of the sandbox, paid (with `paidAt`) or still open. */
export async function insertOrder(
  db: Queryable,
  order: {
    projectId?: string
    status: string
    cents: number
    currency: string
    at: Date
    paidAt?: Date
  },
): Promise<void> {
  await db.query(
    `insert into onramp_orders
       (id, project_id, provider, status, payment_currency, payment_total_cents,
        provider_fee_cents, network_fee_cents, purchase_currency, chain_id, decimals,
        purchase_amount, address, created_at, updated_at, expires_at, paid_at)
     values ($1, $2, 'sandbox', $3, $4, $5, 0, 0, 'USDC', 31337, 6, '1000000',
             '0x00000000000000000000000000000000000000aa', $6, $6, $6, $7)`,
    [
      randomUUID(),
      order.projectId ?? 'latch-dev',
      order.status,
      order.currency,
      order.cents,
      order.at,
      order.paidAt ?? null,
    ],
  )
}
