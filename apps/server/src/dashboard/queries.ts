import type {
  DashboardChainsResponse,
  DashboardConnectsResponse,
  DashboardErrorsResponse,
  DashboardFunnelResponse,
  DashboardMethodsResponse,
  DashboardOnrampResponse,
  DashboardSignInsResponse,
  DashboardWalletsResponse,
} from '@latch/protocol/dashboard'
import type { Queryable } from '../db/index.ts'
import { type DayRange, everyDay, rangeOf } from './range.ts'
import { eventsSource, rawFrom } from './rollup.ts'

// Every query reads the daily rollup for finished days and the raw events for the last ones (call
// rollUp first), naming the events it reads, so PostgreSQL walks the (project_id, event, ...)
// indexes over the range instead of every event of the project. Fields absent from an event read
// as ''; `count` is how many events a row stands for.

/** Events whose message a visitor met: the kit's own errors and every failed step. */
export const ERROR_EVENTS = [
  'KIT_ERROR',
  'CONNECT_ERROR',
  'SIWX_AUTH_ERROR',
  'SEND_ERROR',
  'SWAP_ERROR',
  'ERROR_FETCH_TRANSACTIONS',
]

/** Most rows a breakdown lists (wallets, chains, errors): the rest are the long tail. */
const TOP = 50

const events = (
  db: Queryable,
  range: DayRange,
  projectId: string,
  names: readonly string[],
  select: string,
  tail = '',
) =>
  db.query<Record<string, unknown>>(`select ${select} from ${eventsSource()} ${tail}`, [
    projectId,
    names,
    range.since,
    rawFrom(),
  ])

const int = (value: unknown): number => Number(value ?? 0)

export async function connectsPerDay(
  db: Queryable,
  projectId: string,
  range: DayRange,
): Promise<DashboardConnectsResponse> {
  const rows = await events(
    db,
    range,
    projectId,
    ['CONNECT_SUCCESS'],
    'day, sum(count) as count',
    'group by 1',
  )
  const daily = everyDay(
    range,
    rows.map((row) => ({ day: String(row.day), count: int(row.count) })),
    { count: 0 },
  )
  return { range: rangeOf(range), total: daily.reduce((sum, row) => sum + row.count, 0), daily }
}

export async function funnel(
  db: Queryable,
  projectId: string,
  range: DayRange,
): Promise<DashboardFunnelResponse> {
  // An open while connected shows the Account view: only opens before a connect start the funnel.
  const rows = await events(
    db,
    range,
    projectId,
    ['MODAL_OPEN', 'SELECT_METHOD', 'SELECT_WALLET', 'CONNECT_SUCCESS'],
    `day,
     sum(count) filter (where event = 'MODAL_OPEN' and connected <> 'true') as opened,
     sum(count) filter (where event = 'SELECT_METHOD') as chose_method,
     sum(count) filter (where event = 'SELECT_WALLET') as chose_wallet,
     sum(count) filter (where event = 'CONNECT_SUCCESS') as connected`,
    'group by 1',
  )
  const daily = everyDay(
    range,
    rows.map((row) => ({
      day: String(row.day),
      opened: int(row.opened),
      choseMethod: int(row.chose_method),
      choseWallet: int(row.chose_wallet),
      connected: int(row.connected),
    })),
    { opened: 0, choseMethod: 0, choseWallet: 0, connected: 0 },
  )
  const sum = (step: 'opened' | 'choseMethod' | 'choseWallet' | 'connected') =>
    daily.reduce((total, row) => total + row[step], 0)
  return {
    range: rangeOf(range),
    steps: [
      { step: 'opened', count: sum('opened') },
      { step: 'choseMethod', count: sum('choseMethod') },
      { step: 'choseWallet', count: sum('choseWallet') },
      { step: 'connected', count: sum('connected') },
    ],
    daily,
  }
}

export async function methods(
  db: Queryable,
  projectId: string,
  range: DayRange,
): Promise<DashboardMethodsResponse> {
  const rows = await events(
    db,
    range,
    projectId,
    ['SELECT_METHOD', 'CONNECT_SUCCESS'],
    `event, case when method = '' then 'unknown' else method end as name, sum(count) as count`,
    'group by 1, 2 order by 3 desc, 2',
  )
  const of = (event: string) =>
    rows
      .filter((row) => row.event === event)
      .map((row) => ({ name: String(row.name), count: int(row.count) }))
  return { range: rangeOf(range), chosen: of('SELECT_METHOD'), connected: of('CONNECT_SUCCESS') }
}

export async function wallets(
  db: Queryable,
  projectId: string,
  range: DayRange,
): Promise<DashboardWalletsResponse> {
  // Connects by email or social login carry no wallet the visitor picked: only browser, QR code and
  // phone connects count against a wallet.
  const rows = await events(
    db,
    range,
    projectId,
    ['SELECT_WALLET', 'CONNECT_SUCCESS'],
    `name,
     sum(count) filter (where event = 'SELECT_WALLET') as chosen,
     sum(count) filter (where event = 'CONNECT_SUCCESS') as connected`,
    `where name <> '' and (event = 'SELECT_WALLET' or method in ('browser', 'qrcode', 'mobile'))
     group by 1 order by 2 desc nulls last, 3 desc nulls last, 1 limit ${TOP}`,
  )
  return {
    range: rangeOf(range),
    wallets: rows.map((row) => ({
      name: String(row.name),
      chosen: int(row.chosen),
      connected: int(row.connected),
    })),
  }
}

export async function chains(
  db: Queryable,
  projectId: string,
  range: DayRange,
): Promise<DashboardChainsResponse> {
  const rows = await events(
    db,
    range,
    projectId,
    ['CONNECT_SUCCESS', 'SEND_SUCCESS', 'SWAP_SUCCESS', 'SIWX_AUTH_SUCCESS'],
    `chain,
     sum(count) filter (where event = 'CONNECT_SUCCESS') as connects,
     sum(count) filter (where event = 'SEND_SUCCESS') as sends,
     sum(count) filter (where event = 'SWAP_SUCCESS') as swaps,
     sum(count) filter (where event = 'SIWX_AUTH_SUCCESS') as sign_ins`,
    `where chain <> '' group by 1 order by sum(count) desc, 1 limit ${TOP}`,
  )
  return {
    range: rangeOf(range),
    chains: rows.map((row) => ({
      chain: String(row.chain),
      connects: int(row.connects),
      sends: int(row.sends),
      swaps: int(row.swaps),
      signIns: int(row.sign_ins),
    })),
  }
}

export async function errors(
  db: Queryable,
  projectId: string,
  range: DayRange,
): Promise<DashboardErrorsResponse> {
  const rows = await events(
    db,
    range,
    projectId,
    ERROR_EVENTS,
    `event, message, sum(count) as count, max(last_seen) as last_seen,
     sum(sum(count)) over () as total`,
    `group by 1, 2 order by 3 desc, 4 desc limit ${TOP}`,
  )
  return {
    range: rangeOf(range),
    total: int(rows[0]?.total),
    errors: rows.map((row) => ({
      event: String(row.event),
      message: String(row.message),
      count: int(row.count),
      lastSeen: new Date(row.last_seen as string | Date).toISOString(),
    })),
  }
}

export async function signIns(
  db: Queryable,
  projectId: string,
  range: DayRange,
): Promise<DashboardSignInsResponse> {
  const rows = await events(
    db,
    range,
    projectId,
    ['SIWX_AUTH_SUCCESS', 'SIWX_AUTH_ERROR', 'CLICK_CANCEL_SIWX'],
    `day,
     sum(count) filter (where event = 'SIWX_AUTH_SUCCESS') as succeeded,
     sum(count) filter (where event = 'SIWX_AUTH_ERROR') as failed,
     sum(count) filter (where event = 'CLICK_CANCEL_SIWX') as cancelled`,
    'group by 1',
  )
  const daily = everyDay(
    range,
    rows.map((row) => ({
      day: String(row.day),
      succeeded: int(row.succeeded),
      failed: int(row.failed),
      cancelled: int(row.cancelled),
    })),
    { succeeded: 0, failed: 0, cancelled: 0 },
  )
  const sum = (key: 'succeeded' | 'failed' | 'cancelled') =>
    daily.reduce((total, row) => total + row[key], 0)
  return {
    range: rangeOf(range),
    totals: { succeeded: sum('succeeded'), failed: sum('failed'), cancelled: sum('cancelled') },
    daily,
  }
}

export async function onrampOrders(
  db: Queryable,
  projectId: string,
  range: DayRange,
): Promise<DashboardOnrampResponse> {
  // The server's own orders, not the kit's events: an order counts whether or not its page reported it.
  const [statuses, paid] = await Promise.all([
    db.query<{ status: string; count: string }>(
      `select status, count(*) as count from onramp_orders
       where project_id = $1 and created_at >= $2 group by 1 order by 2 desc, 1`,
      [projectId, range.since],
    ),
    db.query<{ currency: string; orders: string; total_cents: string }>(
      `select payment_currency as currency, count(*) as orders,
              sum(payment_total_cents) as total_cents
       from onramp_orders
       where project_id = $1 and created_at >= $2 and paid_at is not null
       group by 1 order by 3 desc, 1`,
      [projectId, range.since],
    ),
  ])
  const byStatus = statuses.map((row) => ({ status: row.status, count: int(row.count) }))
  return {
    range: rangeOf(range),
    orders: byStatus.reduce((sum, row) => sum + row.count, 0),
    byStatus,
    paid: paid.map((row) => ({
      currency: row.currency,
      orders: int(row.orders),
      totalCents: int(row.total_cents),
    })),
  }
}
