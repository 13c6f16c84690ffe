import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { buildServer } from '../src/app.ts'
import {
  bitcoinChainsOfDevnet,
  type Config,
  chainsOfDevnet,
  loadConfig,
  polkadotChainsOfDevnet,
  solanaChainsOfDevnet,
} from '../src/config.ts'
import { type Database, openDatabase } from '../src/db/index.ts'
import { migrate } from '../src/db/migrate.ts'
import { loadMasterKey } from '../src/embedded/masterKey.ts'
import { buildFrameServer, type FrameServerDeps } from '../src/frameApp.ts'
import { seedDevProject } from '../src/seed.ts'

export type Dialect = Config['database']['dialect']
export const DIALECTS: Dialect[] = ['pglite', 'postgres']
export const DEMO_ORIGIN = 'http://127.0.0.1:5173'
/**
 * The frame origin of test servers: nothing listens there (tests use `frame.inject`); the dev
 * OIDC provider accepts a loopback callback on any port.
 */
export const TEST_FRAME_URL = 'http://127.0.0.1:48788'

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

let manifestFile: string | undefined

/** The test devnet's manifest as a file: config reads its mail catcher and OIDC provider from it. */
export function devnetManifestFile(): string {
  if (!manifestFile) {
    manifestFile = path.join(mkdtempSync(path.join(tmpdir(), 'latch-manifest-')), 'devnet.json')
    writeFileSync(manifestFile, JSON.stringify(inject('devnet')))
  }
  return manifestFile
}

export type TestServer = {
  app: FastifyInstance
  /** The wallet frame's origin (the embedded wallet's API), on the same database. */
  frame: FastifyInstance
  /** The frame's public origin: the Origin its POSTs must carry. */
  frameUrl: string
  /** This server's WALLET_MASTER_KEY (each server has its own). */
  masterKey: Buffer
  db: Database
  config: Config
  close(): Promise<void>
}

/** Waits until the server's /health says its Redis answers (at most 5 s). */
async function redisReady(app: FastifyInstance): Promise<void> {
  const deadline = Date.now() + 5_000
  for (;;) {
    const health = (await app.inject({ method: 'GET', url: '/health' })).json()
    if (health.redis?.ok) return
    if (Date.now() > deadline) throw new Error('the test server did not reach its Redis in 5 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** What a test may change of the frame app: its clock, limits, log, long polls. */
export type FrameOptions = Omit<Partial<FrameServerDeps>, 'config' | 'db'>

/**
 * The server as `npm start` runs it (migrated, dev project seeded) on the test devnet's chains,
 * on a fresh database, or on `database` to share one with another server; with its wallet frame
 * app, whose mail goes to the devnet's catcher (SMTP_URL) and whose `dev` social provider is the
 * devnet's. An env value `undefined` unsets a default. With REDIS_URL it resolves once Redis
 * answers, unless `awaitRedis` is false (a start while Redis is down). `now` is the clock its
 * in-memory caches expire by.
 */
export async function startTestServer(
  dialect: Dialect,
  env: Record<string, string | undefined> = {},
  database?: Config['database'],
  frameOptions: FrameOptions = {},
  options: { awaitRedis?: boolean; now?: () => number } = {},
): Promise<TestServer> {
  const devnet = inject('devnet')
  const chains = chainsOfDevnet(devnet)
  const masterKey = randomBytes(32)
  const config: Config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      CORS_ORIGINS: DEMO_ORIGIN,
      LATCH_CHAINS: JSON.stringify([
        ...chains,
        ...solanaChainsOfDevnet(devnet),
        ...bitcoinChainsOfDevnet(devnet),
        ...polkadotChainsOfDevnet(devnet),
      ]),
      // Off unless a test asks: its polls would show in other tests' upstream request counts.
      INDEXER_ENABLED: 'false',
      DEVNET_MANIFEST: devnetManifestFile(),
      // Named, not taken from the manifest: the codes stay out of the log, as in production.
      SMTP_URL: devnet.mail?.smtpUrl,
      WALLET_MASTER_KEY: masterKey.toString('hex'),
      FRAME_URL: TEST_FRAME_URL,
      ...env,
    }),
    database: database ?? (await freshDatabaseConfig(dialect)),
  }
  const db = await openDatabase(config.database)
  await migrate(db)
  await seedDevProject(db, config)
  const frame = await buildFrameServer({ config, db, ...frameOptions })
  const app = await buildServer({ config, db, frame, ...(options.now && { now: options.now }) })
  await Promise.all([app.ready(), frame.ready()])
  // Redis connects in the background; tests of what it shares start once it is there.
  if (config.redisUrl && options.awaitRedis !== false) await redisReady(app)
  return {
    app,
    frame,
    frameUrl: config.embedded.frameUrl ?? TEST_FRAME_URL,
    masterKey: loadMasterKey(config.embedded.masterKey, { warn: () => {} }),
    db,
    config,
    async close() {
      await Promise.all([app.close(), frame.close()])
      await db.close()
    },
  }
}

/**
 * A test server (PGlite unless told) listening on a free loopback port for the tests of the
 * calling describe block: started before them, closed after. For clients that make real HTTP
 * calls, as the kit does in a page.
 */
export function listeningTestServer(dialect: Dialect = 'pglite'): {
  readonly server: TestServer
  readonly url: string
} {
  let started: { server: TestServer; url: string } | undefined
  beforeAll(async () => {
    const server = await startTestServer(dialect)
    started = { server, url: await server.app.listen({ port: 0, host: '127.0.0.1' }) }
  })
  afterAll(async () => {
    await started?.server.close()
  })
  const running = () => {
    if (!started) throw new Error('the test server is read before its beforeAll ran')
    return started
  }
  return {
    get server() {
      return running().server
    },
    get url() {
      return running().url
    },
  }
}
