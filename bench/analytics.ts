import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startPostgres } from '../scripts/postgres.ts'
import { startRedis } from '../scripts/redis.ts'
import { spawnServer } from './server.ts'

/**
 * `npm run bench:analytics -w @latch/bench`: how many of the kit's events one server instance
 * stores per second, on PostgreSQL with the per-IP limit in Redis, as deployed: POST /batch with 20
 * events a request and POST /e with one, at 50 connections (autocannon, loopback), each request
 * with new event ids so every event is a new row. Prints events/s and request latency p50/p99.
 */
const CONNECTIONS = 50
const SECONDS = 5
const BATCH = 20
const ORIGIN = 'http://127.0.0.1:5173'

let sequence = 0
const event = () => ({
  eventId: `bench-${process.pid}-${++sequence}`,
  url: `${ORIGIN}/shop`,
  domain: '127.0.0.1:5173',
  timestamp: Date.now(),
  props: {
    type: 'track',
    event: 'CONNECT_SUCCESS',
    method: 'browser',
    name: 'Latch Test Wallet',
    chain: 'eip155:31337',
  },
})

async function load(url: string, body: () => unknown, events: number) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN },
    requests: [
      {
        // A fresh body per request: new ids, so each event is stored, none skipped as a resend.
        setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }),
      },
    ],
  })
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return {
    eventsPerSecond: (result.requests.total * events) / SECONDS,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  }
}

const scratch = mkdtempSync(path.join(tmpdir(), 'latch-bench-analytics-'))
const [postgres, redis] = await Promise.all([startPostgres(), startRedis()])
const server = await spawnServer({
  DATA_DIR: scratch,
  DATABASE_URL: postgres.url,
  REDIS_URL: redis.url,
  LATCH_CHAINS: '[]',
  INDEXER_ENABLED: 'false',
  CORS_ORIGINS: ORIGIN,
  // The limit is taken on every request (through Redis) but never reached: capacity is measured.
  ANALYTICS_RATE_LIMIT: '100000000',
})
try {
  const query = 'projectId=latch-dev&st=latch&sv=0.1.0'
  // Warm-up: the project cache, the connection pool, the insert's plan.
  await load(`${server.url}/batch?${query}`, () => [event()], 1)
  const batches = await load(
    `${server.url}/batch?${query}`,
    () => Array.from({ length: BATCH }, event),
    BATCH,
  )
  const singles = await load(`${server.url}/e?${query}`, event, 1)
  const line = (name: string, figures: typeof batches) =>
    `${name.padEnd(26)} ${Math.round(figures.eventsPerSecond).toString().padStart(7)} events/s ` +
    `(${Math.round(figures.requestsPerSecond)} requests/s)  p50 ${figures.p50} ms  p99 ${figures.p99} ms`
  console.log(
    `analytics ingestion, one instance, PostgreSQL + Redis, ${CONNECTIONS} connections, ${SECONDS} s each`,
  )
  console.log(line(`POST /batch (${BATCH} events)`, batches))
  console.log(line('POST /e (1 event)', singles))
} finally {
  server.stop()
  await Promise.all([postgres.stop(), redis.stop()])
  rmSync(scratch, { recursive: true, force: true })
}
