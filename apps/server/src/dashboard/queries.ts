import {
  DASHBOARD_ERROR_CONTEXT_TOP,
  type DashboardChainsResponse,
  type DashboardConnectsResponse,
  type DashboardErrorsResponse,
  type DashboardFunnelResponse,
  type DashboardMethodsResponse,
  type DashboardOnrampResponse,
  type DashboardSignInsResponse,
  type DashboardWalletsResponse,
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

/** The parameters of eventsSource(): the project, the events named, the range, the raw days. */
const sourceParams = (projectId: string, names: readonly string[], range: DayRange) => [
  projectId,
  names,
  range.since,
  rawFrom(),
]

const events = (
  db: Queryable,
  range: DayRange,
  projectId: string,
  names: readonly string[],
  select: string,
  tail = '',
) =>
  db.query<Record<string, unknown>>(
    `select ${select} from ${eventsSource()} ${tail}`,
    sourceParams(projectId, names, range),
  )

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

/** The fields an error's row names its most common values of, as the answer's keys name them. */
const ERROR_CONTEXT = [
  ['views', 'view'],
  ['chains', 'chain'],
  ['versions', 'version'],
] as const

type ErrorContext = DashboardErrorsResponse['errors'][number]['views']

/** A JSON array of {name, count} as the database returns it (parsed or not), or none. */
const contextOf = (value: unknown): ErrorContext =>
  ((typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as ErrorContext).map(
    (entry) => ({ name: String(entry.name), count: int(entry.count) }),
  )

export async function errors(
  db: Queryable,
  projectId: string,
  range: DayRange,
): Promise<DashboardErrorsResponse> {
  // One row per message within the event that reported it (a declined sign-in is both a
  // SIWX_AUTH_ERROR and its toast's KIT_ERROR: merged, one occurrence would count twice), with
  // the views, chains and kit versions it occurred in, the few most common of each. One pass over
  // the events: each field's counts are ranked per message, then gathered per message.
  const counted = ERROR_CONTEXT.map(
    ([, field]) => `select event, message, '${field}' as field, ${field} as value,
       sum(count) as count
     from found where ${field} <> '' group by 1, 2, 4`,
  ).join(' union all ')
  const gathered = ERROR_CONTEXT.map(
    ([key, field]) => `coalesce(json_agg(json_build_object('name', value, 'count', count)
       order by count desc, value) filter (where field = '${field}'), '[]') as ${key}`,
  ).join(',\n')
  const rows = await db.query<Record<string, unknown>>(
    `with found as (
       select event, message, view, chain, version, count, last_seen from ${eventsSource()}
     ),
     top as (
       select event, message, sum(count) as count, max(last_seen) as last_seen,
              sum(sum(count)) over () as total
       from found group by 1, 2 order by 3 desc, 4 desc limit ${TOP}
     ),
     ranked as (
       select *, row_number() over (partition by event, message, field order by count desc, value)
         as rank
       from (${counted}) as counted
     ),
     context as (
       select event, message, ${gathered}
       from ranked where rank <= ${DASHBOARD_ERROR_CONTEXT_TOP} group by 1, 2
     )
     select top.*, context.views, context.chains, context.versions
     from top left join context using (event, message)
     order by top.count desc, top.last_seen desc`,
    sourceParams(projectId, ERROR_EVENTS, range),
  )
  return {
    range: rangeOf(range),
    total: int(rows[0]?.total),
    errors: rows.map((row) => ({
      event: String(row.event),
      message: String(row.message),
      count: int(row.count),
      lastSeen: new Date(row.last_seen as string | Date).toISOString(),
      views: contextOf(row.views),
      chains: contextOf(row.chains),
      versions: contextOf(row.versions),
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
