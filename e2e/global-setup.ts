import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startStack } from '../scripts/stack.ts'
import { seedDashboardEvents } from './dashboardSeed.ts'

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Starts devnet + server + demo on free ports with fresh data; the tests read where from env. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-e2e-'))
  // The owner's dashboard logs in with this run's own admin token.
  const adminToken = randomBytes(24).toString('base64url')
  process.env.LATCH_ADMIN_TOKEN = adminToken
  // A port for the sites the consumer tests build, known before the server starts: the dev
  // project lists their origin, as a site owner lists theirs.
  const sitePort = await freePort()
  process.env.LATCH_SITE_PORT = String(sitePort)
  const stack = await startStack({
    siteOrigins: [`http://127.0.0.1:${sitePort}`, `http://localhost:${sitePort}`],
    ports: { chains: [0, 0], relay: 0, server: 0, frame: 0, demo: 0 },
    dataDir,
    // The site as deployed: a production build served under a strict Content-Security-Policy.
    demoMode: 'preview',
    serverEnv: { LOG_LEVEL: 'warn', LATCH_ADMIN_TOKEN: adminToken },
    beforeServer: () => seedDashboardEvents(dataDir),
    log: (line) => {
      if (process.env.LATCH_VERBOSE === '1') console.log(line)
    },
  })
  process.env.LATCH_DEMO_URL = stack.demoUrl
  process.env.LATCH_SERVER_URL = stack.serverUrl
  process.env.LATCH_FRAME_URL = stack.frameUrl
  process.env.DEVNET_MANIFEST = stack.manifestPath
  return async () => {
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
