import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Devnet, startDevnet } from '@latch/devnet'
import { openPostgresSession } from '../apps/server/src/indexer/session.ts'
import { startPostgres } from '../scripts/postgres.ts'
import { startRedis } from '../scripts/redis.ts'
import { spawnServer } from './server.ts'

/**
 * Calls a second the gateway lets the bench's project make: far above what this machine can send,
 * so a 429 is never what the load bench measures.
 */
export const BENCH_RPC_RATE_LIMIT = 1_000_000_000

export type ServerInstance = { name: string; url: string; port: number; pid: number }

export type LoadStack = {
  devnet: Devnet
  postgresUrl: string
  redisUrl: string
  instances: ServerInstance[]
  scratch: string
  stop(): Promise<void>
}

/**
 * What the load bench runs against: a devnet (no bundlers: nothing here sends user operations),
 * one PostgreSQL and one Redis, and `count` server instances in their own processes sharing them,
 * as deployed: each its own port and data dir, one master key, the indexer on in each (the
 * advisory lock picks one). The first starts alone, so it applies the migrations and takes the
 * indexer's locks.
 */
export async function startLoadStack(count: number): Promise<LoadStack> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'latch-bench-load-'))
  const manifestPath = path.join(scratch, 'devnet.json')
  const [devnet, postgres, redis] = await Promise.all([
    startDevnet({ ports: [0, 0], relayPort: 0, bundlers: false, manifestPath }),
    startPostgres(),
    startRedis(),
  ])
  const stops: (() => Promise<void> | void)[] = [
    () => devnet.stop(),
    () => postgres.stop(),
    () => redis.stop(),
  ]
  const stop = async () => {
    await Promise.all(stops.map((each) => each()))
    rmSync(scratch, { recursive: true, force: true })
  }
  try {
    const masterKey = randomBytes(32).toString('hex')
    const instances: ServerInstance[] = []
    for (let index = 0; index < count; index++) {
      const name = String.fromCharCode(97 + index)
      const dataDir = path.join(scratch, `server-${name}`)
      mkdirSync(dataDir)
      const server = await spawnServer({
        DATA_DIR: dataDir,
        DEVNET_MANIFEST: manifestPath,
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        WALLET_MASTER_KEY: masterKey,
        RPC_RATE_LIMIT: String(BENCH_RPC_RATE_LIMIT),
      })
      stops.unshift(() => server.stop())
      instances.push({ name, url: server.url, port: server.port, pid: server.pid })
    }
    return { devnet, postgresUrl: postgres.url, redisUrl: redis.url, instances, scratch, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * The advisory locks each instance's connections hold in PostgreSQL (the indexers' and the payout
 * worker's), by instance name: a connection's client port is matched to the process owning it.
 */
export async function advisoryLocksByInstance(
  postgresUrl: string,
  instances: readonly ServerInstance[],
): Promise<Map<string, number>> {
  const session = await openPostgresSession(postgresUrl, 'latch-bench')
  const held = new Map<string, number>()
  try {
    const rows = await session.query<{ client_port: number; locks: string }>(
      `select a.client_port, count(*) as locks from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted group by a.client_port`,
    )
    const owners = socketOwners()
    for (const row of rows) {
      const pid = owners.get(row.client_port)
      const name = instances.find((instance) => instance.pid === pid)?.name ?? 'unknown'
      held.set(name, (held.get(name) ?? 0) + Number(row.locks))
    }
  } finally {
    await session.close()
  }
  return held
}

/** Local TCP port to owning process id, from `ss` (empty when it is missing). */
function socketOwners(): Map<number, number> {
  const owners = new Map<number, number>()
  let listing = ''
  try {
    listing = execFileSync('ss', ['-tnpH'], { encoding: 'utf8' })
  } catch {
    return owners
  }
  for (const line of listing.split('\n')) {
    const columns = line.trim().split(/\s+/)
    const local = columns[3]
    const pid = /pid=(\d+)/.exec(line)?.[1]
    if (local && pid) owners.set(Number(local.slice(local.lastIndexOf(':') + 1)), Number(pid))
  }
  return owners
}
