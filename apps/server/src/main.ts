#!/usr/bin/env node
import { buildServer } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/index.ts'
import { migrate } from './db/migrate.ts'
import { servedChainCount } from './families/chainsConfig.ts'
import { buildFrameServer } from './frameApp.ts'
import { seedDevProject } from './seed.ts'

// Under an orchestrator's usual 30 s grace before SIGKILL, with room to log why.
const SHUTDOWN_TIMEOUT_MS = 10_000

async function main(): Promise<void> {
  const config = loadConfig()
  const db = await openDatabase(config.database)
  const applied = await migrate(db)
  await seedDevProject(db, config)
  // The embedded wallet's own origin: a second listener, so the site's pages never share it.
  const frame = await buildFrameServer({ config, db })
  const app = await buildServer({ config, db, frame })
  if (applied.length > 0) app.log.info({ versions: applied }, 'applied migrations')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const pending = new Set(['API listener', 'wallet frame listener', 'database'])
    // A stop that hangs (a connection that never drains, a database that never closes) must not
    // outlive what an orchestrator waits before it kills: exit non-zero, naming what still ran.
    setTimeout(() => {
      app.log.error({ pending: [...pending] }, 'shutdown did not finish in time')
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS).unref()
    const step = (name: string, stopped: Promise<unknown>) =>
      stopped.then(() => void pending.delete(name))
    await Promise.all([
      step('API listener', app.close()),
      step('wallet frame listener', frame.close()),
    ])
    await step('database', db.close())
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  const address = await app.listen({ port: config.port, host: config.host })
  const frameAddress = await frame.listen({
    port: config.embedded.framePort,
    host: config.embedded.frameHost,
  })
  const { database } = config
  app.log.info(
    {
      address,
      frame: frameAddress,
      database: database.dialect,
      ...(database.dialect === 'pglite' ? { dataDir: database.dataDir } : {}),
      chains: config.chains.map((chain) => chain.chainId),
    },
    // The owner learns where the data went without reading the configuration.
    database.dialect === 'pglite'
      ? `latch server ready: API ${address}, wallet frame ${frameAddress}, PGlite data in ${database.dataDir}`
      : `latch server ready: API ${address}, wallet frame ${frameAddress}, PostgreSQL`,
  )
  if (servedChainCount(config) === 0)
    app.log.warn('LATCH_CHAINS is not set and no devnet manifest: no chain is served')
  if (!config.embedded.mail.smtpUrl)
    frame.log.warn('SMTP_URL is not set and no devnet mail catcher: email login answers 503')
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
