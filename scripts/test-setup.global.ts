import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDevnet } from '@latch/devnet'
import type { DevnetManifest } from '@latch/protocol'
import { ensureWalletFrameBuilt } from '@latch/wallet-frame'
import type { TestProject } from 'vitest/node'
import { startPostgres } from './postgres.ts'
import { startRedis } from './redis.ts'

const buildKit = () =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'build.ts')], {
    stdio: 'inherit',
  })

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server for this run; tests create their own databases in it. */
    postgresUrl: string
    /** A Redis server for this run (shared rate limits). */
    redisUrl: string
    /** The devnet (chains and WalletConnect relay) started for this run, on free ports. */
    devnet: DevnetManifest
  }
}

/**
 * Starts what the unit and integration tests share: the devnet and a PostgreSQL server, once the
 * kit's packages are built (tests import them as a site does; nothing is built when up to date).
 */
export default async function setup(project: TestProject) {
  buildKit()
  const scratch = mkdtempSync(path.join(tmpdir(), 'latch-test-'))
  const [devnet, postgres, redis] = await Promise.all([
    startDevnet({
      ports: [0, 0],
      relayPort: 0,
      manifestPath: path.join(scratch, 'devnet.json'),
    }),
    startPostgres(),
    startRedis(),
    // The server's frame routes serve the built page.
    ensureWalletFrameBuilt(),
  ])
  project.provide('devnet', devnet.manifest)
  project.provide('postgresUrl', postgres.url)
  project.provide('redisUrl', redis.url)
  return async () => {
    await Promise.all([devnet.stop(), postgres.stop(), redis.stop()])
    rmSync(scratch, { recursive: true, force: true })
  }
}
