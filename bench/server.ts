import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDevnet } from '@latch/devnet'
import { freePort } from '../scripts/postgres.ts'

/**
 * The Latch server in its own process, as deployed: a load generator must not share its event
 * loop. Resolves once /health answers.
 */
export async function spawnServer(env: Record<string, string>): Promise<{
  url: string
  port: number
  /** The server's process id (its CPU time is read from /proc by the load bench). */
  pid: number
  stop(): void
}> {
  const port = await freePort()
  const server = spawn(
    'setpriv',
    ['--pdeathsig', 'KILL', process.execPath, '--import', 'tsx', 'src/main.ts'],
    {
      cwd: path.join(import.meta.dirname, '../apps/server'),
      env: { ...process.env, PORT: String(port), FRAME_PORT: '0', LOG_LEVEL: 'silent', ...env },
      stdio: 'ignore',
    },
  )
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    // A minute: on a busy machine tsx alone takes tens of seconds to load the server.
    if (attempt > 600) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, port, pid: server.pid as number, stop: () => server.kill('SIGTERM') }
}

/**
 * A devnet on free ports and the server on it in its own process (PGlite in a scratch dir, no
 * indexer): what the request-latency benches measure against. `stop` removes all of it.
 */
export async function startBenchStack(name: string): Promise<{
  url: string
  stop(): Promise<void>
}> {
  const scratch = mkdtempSync(path.join(tmpdir(), `latch-bench-${name}-`))
  const manifestPath = path.join(scratch, 'devnet.json')
  const devnet = await startDevnet({ ports: [0, 0], relayPort: 0, manifestPath })
  const server = await spawnServer({
    DATA_DIR: scratch,
    DEVNET_MANIFEST: manifestPath,
    INDEXER_ENABLED: 'false',
  }).catch(async (error: unknown) => {
    await devnet.stop()
    throw error
  })
  return {
    url: server.url,
    async stop() {
      server.stop()
      await devnet.stop()
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}

/** "p50 12.3 ms, max 45.6 ms" of a list of times in milliseconds. */
export function p50AndMax(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b)
  const p50 = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
  return `p50 ${p50.toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`
}
