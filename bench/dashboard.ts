import * as queries from '../apps/server/src/dashboard/queries.ts'
import { dayRange } from '../apps/server/src/dashboard/range.ts'
import { rollUp } from '../apps/server/src/dashboard/rollup.ts'
import { openDatabase } from '../apps/server/src/db/index.ts'
import { migrate } from '../apps/server/src/db/migrate.ts'
import { startPostgres } from '../scripts/postgres.ts'

/**
 * `npm run bench:dashboard -w @latch/bench`: every dashboard query over the last 30 days of one
 * project holding DASHBOARD_EVENTS (default 1,000,000) events, in a throwaway PostgreSQL 15
 * server, with as many events again spread over other projects and older days. Prints the p50
 * (and slowest) of RUNS runs of each query.
 */
const EVENTS = Number(process.env.DASHBOARD_EVENTS ?? 1_000_000)
const ORDERS = 20_000
const RUNS = 9
const PROJECT = 'bench-site'

// The kit's events in proportions a busy site might see: most opens end without a connect.
const MIX: [event: string, share: number, props: string][] = [
  ['MODAL_OPEN', 28, `jsonb_build_object('connected', random() < 0.2)`],
  ['MODAL_CLOSE', 20, `jsonb_build_object('connected', random() < 0.3)`],
  [
    'SELECT_METHOD',
    10,
    `jsonb_build_object('method', (array['wallet','email','social','walletconnect','farcaster'])[1 + (n % 5)])`,
  ],
  [
    'SELECT_WALLET',
    12,
    `jsonb_build_object('name', (array['MetaMask','Rainbow','Coinbase Wallet','Phantom','Trust Wallet','Rabby'])[1 + (n % 6)], 'platform', (array['browser','qrcode','mobile'])[1 + (n % 3)])`,
  ],
  [
    'CONNECT_SUCCESS',
    10,
    `jsonb_build_object('method', (array['browser','qrcode','mobile','email','social'])[1 + (n % 5)], 'name', (array['MetaMask','Rainbow','Coinbase Wallet','Phantom','Trust Wallet','Rabby'])[1 + (n % 6)], 'chain', (array['eip155:1','eip155:10','eip155:8453','eip155:42161','solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])[1 + (n % 5)])`,
  ],
  [
    'CONNECT_ERROR',
    3,
    `jsonb_build_object('method', 'browser', 'message', (array['User rejected the request','Connection declined','The wallet did not answer'])[1 + (n % 3)])`,
  ],
  ['SIWX_AUTH_SUCCESS', 4, `jsonb_build_object('chain', 'eip155:1')`],
  [
    'SIWX_AUTH_ERROR',
    1,
    `jsonb_build_object('chain', 'eip155:1', 'message', 'Signature declined')`,
  ],
  ['CLICK_CANCEL_SIWX', 1, `jsonb_build_object('chain', 'eip155:1')`],
  ['SEND_SUCCESS', 4, `jsonb_build_object('chain', 'eip155:8453', 'token', 'USDC')`],
  [
    'SEND_ERROR',
    1,
    `jsonb_build_object('chain', 'eip155:8453', 'token', 'USDC', 'message', 'Insufficient funds')`,
  ],
  ['SWAP_SUCCESS', 2, `jsonb_build_object('chain', 'eip155:1', 'from', 'ETH', 'to', 'USDC')`],
  ['ERROR_FETCH_TRANSACTIONS', 1, `jsonb_build_object('chain', 'eip155:1')`],
  [
    'KIT_ERROR',
    3,
    `jsonb_build_object('message', 'Error ' || (n % 40), 'view', (array['Account','Connect','Swap','WalletSend','SIWXSignMessage','Networks'])[1 + (n % 6)], 'chain', (array['eip155:1','eip155:10','eip155:8453','eip155:42161','solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])[1 + (n % 5)], 'version', (array['0.1.0','0.2.0'])[1 + (n % 2)])`,
  ],
]

/** A generate_series insert of `count` events of `project`, received over the last `days` days. */
function seedSql(project: string, count: number, days: number, offsetDays = 0): string {
  const total = MIX.reduce((sum, [, share]) => sum + share, 0)
  let from = 0
  const branches = MIX.map(([event, share, props]) => {
    const to = from + share
    const branch = `when (n % ${total}) >= ${from} and (n % ${total}) < ${to} then row('${event}', ${props})::bench_kind`
    from = to
    return branch
  })
  return `
    insert into analytics_events
      (project_id, event_id, type, event, url, domain, occurred_at, received_at, props)
    select '${project}', 'e' || n, case when (kind).f1 = 'KIT_ERROR' then 'error' else 'track' end,
           (kind).f1, 'https://bench.example/', 'bench.example', at, at, (kind).f2
    from (
      select n, now() - interval '${offsetDays} days' - random() * interval '${days} days' as at,
             (case ${branches.join(' ')} end) as kind
      from generate_series(1, ${count}) as n
    ) as generated(n, at, kind)
    -- Stored in the order they arrive, as the ingestion route writes them (received_at = now()).
    order by at`
}

const postgres = await startPostgres()
const db = await openDatabase({ dialect: 'postgres', url: postgres.url })
try {
  await migrate(db)
  await db.query(
    `insert into projects (id, name, allowed_origins)
     select id, id, '{}' from unnest(array['${PROJECT}', 'other-1', 'other-2', 'other-3']) as id`,
  )
  // A typed row for the case expression above: (event, props). The database is thrown away after.
  await db.query('create type bench_kind as (f1 text, f2 jsonb)')
  const seeded = performance.now()
  await db.query(seedSql(PROJECT, EVENTS, 30))
  // As many again elsewhere: other projects, and this project's older events.
  await db.query(seedSql(PROJECT, EVENTS / 2, 300, 31).replaceAll("'e' || n", "'old' || n"))
  for (const other of ['other-1', 'other-2', 'other-3'])
    await db.query(seedSql(other, Math.round(EVENTS / 6), 30))
  await db.query(
    `insert into onramp_orders
       (id, project_id, provider, status, payment_currency, payment_total_cents,
        provider_fee_cents, network_fee_cents, purchase_currency, chain_id, decimals,
        purchase_amount, address, created_at, updated_at, expires_at, paid_at)
     select gen_random_uuid()::text, case when n % 4 = 0 then '${PROJECT}' else 'other-1' end,
            'sandbox', case when n % 3 = 0 then 'created' else 'completed' end,
            case when n % 2 = 0 then 'USD' else 'EUR' end, 1000 + n % 5000, 0, 0, 'USDC', 1, 6,
            '1000000', '0x00000000000000000000000000000000000000aa', at, at, at,
            case when n % 3 = 0 then null else at end
     from (select n, now() - random() * interval '90 days' as at
           from generate_series(1, ${ORDERS}) as n) as generated`,
  )
  await db.query('analyze')
  const [{ count } = { count: '0' }] = await db.query<{ count: string }>(
    'select count(*) as count from analytics_events',
  )
  console.log(
    `seeded ${Number(count).toLocaleString('en-US')} events (${EVENTS.toLocaleString('en-US')} in the last 30 days of "${PROJECT}") and ${ORDERS.toLocaleString('en-US')} on-ramp orders in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  )

  const range = dayRange(30)
  // The first read of the day rolls the finished days up, once: what an owner waits for the first
  // time the dashboard opens on a day. Every read after it, as each route does, checks the rollup
  // and reads it plus the raw events of the last day or two.
  const coldStarted = performance.now()
  await rollUp(db, PROJECT, range)
  console.log(
    `dashboard first read (rolls up ${range.days - 2} finished days): ${(performance.now() - coldStarted).toFixed(0)} ms`,
  )
  const charts = {
    connects: queries.connectsPerDay,
    funnel: queries.funnel,
    methods: queries.methods,
    wallets: queries.wallets,
    chains: queries.chains,
    errors: queries.errors,
    signins: queries.signIns,
    onramp: queries.onrampOrders,
  }
  let pageP50 = 0
  for (const [name, read] of Object.entries(charts)) {
    const times: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now()
      await rollUp(db, PROJECT, range)
      await read(db, PROJECT, range)
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const p50 = times[Math.floor(times.length / 2)] ?? 0
    pageP50 += p50
    console.log(
      `dashboard ${name.padEnd(8)} over 30 days: p50 ${p50.toFixed(1)} ms, slowest ${(times.at(-1) ?? 0).toFixed(1)} ms (${RUNS} runs)`,
    )
  }
  console.log(
    `dashboard all eight queries one after another: ${pageP50.toFixed(0)} ms (sum of p50s)`,
  )
  await db.close()
  // The pool's sockets finish closing before the server goes: else its goodbye reaches a client.
  await new Promise((resolve) => setTimeout(resolve, 200))
} finally {
  await postgres.stop()
}
