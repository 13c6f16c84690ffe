import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'
import { buildServer } from '../src/app.ts'
import { type Config, chainsOfDevnet, loadConfig } from '../src/config.ts'
import { type Database, openDatabase } from '../src/db/index.ts'
import { migrate } from '../src/db/migrate.ts'
import { seedDevProject } from '../src/seed.ts'

export type Dialect = Config['database']['dialect']
export const DIALECTS: Dialect[] = ['pglite', 'postgres']
export const DEMO_ORIGIN = 'http://127.0.0.1:5173'

/** A fresh empty database of the dialect: in-memory PGlite, or a new database on the test server. */
export async function freshDatabaseConfig(dialect: Dialect): Promise<Config['database']> {
  if (dialect === 'pglite') return { dialect, dataDir: 'memory://' }
  const serverUrl = inject('postgresUrl')
  const name = `latch_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  return { dialect, url: serverUrl.replace(/\/postgres$/, `/${name}`) }
}

export type TestServer = {
  app: FastifyInstance
  db: Database
  config: Config
  close(): Promise<void>
}

/**
 * The server as `npm start` runs it (migrated, dev project seeded) on the test devnet's chains,
 * on a fresh database, or on `database` to share one with another server.
 */
export async function startTestServer(
  dialect: Dialect,
  env: Record<string, string> = {},
  database?: Config['database'],
): Promise<TestServer> {
  const chains = chainsOfDevnet(inject('devnet'))
  const config: Config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      CORS_ORIGINS: DEMO_ORIGIN,
      LATCH_CHAINS: JSON.stringify(chains),
      // Off unless a test asks: its polls would show in other tests' upstream request counts.
      INDEXER_ENABLED: 'false',
      ...env,
    }),
    database: database ?? (await freshDatabaseConfig(dialect)),
  }
  const db = await openDatabase(config.database)
  await migrate(db)
  await seedDevProject(db, config)
  const app = await buildServer({ config, db })
  await app.ready()
  return {
    app,
    db,
    config,
    async close() {
      await app.close()
      await db.close()
    },
  }
}
