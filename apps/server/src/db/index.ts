import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { repoRoot, runsFromSource } from '../paths.ts'
import type { DatabaseConfig } from './config.ts'
import { orUnavailable } from './unavailable.ts'

/** What both database drivers offer: one PostgreSQL dialect, parameters as $1, $2, ... */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>
}

export interface Database extends Queryable {
  dialect: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** Opens PGlite in-process (a data dir, or `memory://`) or a pool on a PostgreSQL server. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.dialect === 'postgres' ? openPostgres(config.url) : openPglite(config.dataDir)
}

// The package does not export its package.json: find it beside the entry point's dist/ folder.
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
const pgliteVersion: string = JSON.parse(
  readFileSync(
    path.join(
      pgliteEntry.slice(0, pgliteEntry.lastIndexOf(`${path.sep}dist${path.sep}`)),
      'package.json',
    ),
    'utf8',
  ),
).version
/**
 * A pristine cluster, dumped once: loading it takes a third of the time initdb takes. Only the
 * repository keeps one, for its tests' many fresh databases; an installed server creates its one
 * cluster once and has no folder of its own to keep a template in.
 */
const templatePath = runsFromSource
  ? path.join(repoRoot, '.cache', `pglite-${pgliteVersion}-template.tar.gz`)
  : undefined

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://')
  const fresh = inMemory || !existsSync(path.join(dataDir, 'PG_VERSION'))
  if (!inMemory) mkdirSync(dataDir, { recursive: true })
  const template =
    fresh && templatePath && existsSync(templatePath)
      ? new Blob([await readFile(templatePath)])
      : undefined
  const db = await PGlite.create(dataDir, template ? { loadDataDir: template } : {})
  if (fresh && templatePath && !template) await saveTemplate(db, templatePath)
  const queryable = (client: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async <Row>(text: string, params?: unknown[]) =>
      (await client.query<Row>(text, params)).rows,
    exec: async (script) => {
      await client.exec(script)
    },
  })
  return {
    dialect: 'pglite',
    ...queryable(db),
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close(),
  }
}

async function saveTemplate(db: PGlite, templatePath: string): Promise<void> {
  const dump = await db.dumpDataDir('gzip')
  mkdirSync(path.dirname(templatePath), { recursive: true })
  // Several processes may race to write it: each writes its own file, the last rename wins.
  const partial = `${templatePath}.${process.pid}.tmp`
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
  await rename(partial, templatePath)
}

async function openPostgres(url: string): Promise<Database> {
  // A connection not made in 5 s fails the call (a 503) instead of queueing it indefinitely.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 })
  // An idle connection dropped by a restarting server: the pool discards it and the next query
  // connects anew. Without a listener the 'error' event would end the process.
  pool.on('error', () => {})
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('select 1')
  const queryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: <Row>(text: string, params?: unknown[]) =>
      orUnavailable(async () => (await client.query(text, params)).rows as Row[]),
    exec: (script) =>
      // Without parameters pg uses the simple protocol, which takes several statements.
      orUnavailable(async () => {
        await client.query(script)
      }),
  })
  return {
    dialect: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await orUnavailable(() => pool.connect())
      // A connection that failed is destroyed on release rather than handed out again.
      let broken: Error | undefined
      const onError = (error: Error) => {
        broken = error
      }
      // Pooled connections outlive the transaction: its listener goes with it, or every
      // transaction would leave one more behind on a connection that serves thousands.
      client.on('error', onError)
      try {
        await orUnavailable(() => client.query('begin'))
        const result = await work(queryable(client))
        await orUnavailable(() => client.query('commit'))
        return result
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError
        })
        throw error
      } finally {
        client.off('error', onError)
        client.release(broken)
      }
    },
    close: () => pool.end(),
  }
}
