import pg from 'pg'
import type { DatabaseConfig } from '../db/config.ts'
import type { Database, Queryable } from '../db/index.ts'

/**
 * One database connection an indexer keeps for itself: it holds the chain's advisory lock and
 * writes through the same connection, so losing the connection loses the lock and fails the
 * write together; another instance can then take over with nothing written twice.
 */
export interface IndexerSession extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /** Takes the session-level advisory lock of `name` if no other session holds it. */
  tryLock(name: string): Promise<boolean>
  /** False once the connection failed: close it and open another. */
  readonly healthy: boolean
  /** Releases the lock and the connection. */
  close(): Promise<void>
}

// A lock named by text: hashtextextended maps it to the bigint key pg_try_advisory_lock takes.
const TRY_LOCK = 'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked'
const UNLOCK = 'select pg_advisory_unlock(hashtextextended($1, 0))'

/**
 * A session on a PostgreSQL server (its own connection, named `applicationName` in
 * pg_stat_activity: `latch-indexer` by default), or the PGlite database itself: PGlite has one
 * connection and one process.
 */
export async function openIndexerSession(
  database: DatabaseConfig,
  db: Database,
  applicationName = 'latch-indexer',
): Promise<IndexerSession> {
  return database.dialect === 'postgres'
    ? openPostgresSession(database.url, applicationName)
    : pgliteSession(db)
}

function pgliteSession(db: Database): IndexerSession {
  const locks = new Set<string>()
  return {
    healthy: true,
    query: (text, params) => db.query(text, params),
    exec: (script) => db.exec(script),
    transaction: (work) => db.transaction(work),
    async tryLock(name) {
      const [row] = await db.query<{ locked: boolean }>(TRY_LOCK, [name])
      if (row?.locked) locks.add(name)
      return row?.locked === true
    },
    async close() {
      for (const name of locks) await db.query(UNLOCK, [name])
      locks.clear()
    },
  }
}

/** A session on its own connection to the PostgreSQL server at `url`. */
export async function openPostgresSession(
  url: string,
  applicationName = 'latch-indexer',
): Promise<IndexerSession> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName })
  let healthy = true
  // Without a listener, a dropped connection would be an uncaught error.
  client.on('error', () => {
    healthy = false
  })
  client.on('end', () => {
    healthy = false
  })
  await client.connect()
  const query = async <Row>(text: string, params?: unknown[]) =>
    (await client.query(text, params)).rows as Row[]
  const exec = async (script: string) => {
    await client.query(script)
  }
  return {
    get healthy() {
      return healthy
    },
    query,
    exec,
    async transaction(work) {
      await client.query('begin')
      try {
        const result = await work({ query, exec })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      }
    },
    async tryLock(name) {
      const [row] = await query<{ locked: boolean }>(TRY_LOCK, [name])
      return row?.locked === true
    },
    async close() {
      healthy = false
      // Ending the connection ends the session, which releases its advisory locks.
      await client.end().catch(() => {})
    },
  }
}
