import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startStack } from '../scripts/stack.ts'
import { seedDashboardEvents } from './dashboardSeed.ts'

/** Starts devnet + server + demo on free ports with fresh data; the tests read where from env. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-e2e-'))
  // The owner's dashboard logs in with this run's own admin token.
  const adminToken = randomBytes(24).toString('base64url')
  process.env.LATCH_ADMIN_TOKEN = adminToken
  const stack = await startStack({
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
