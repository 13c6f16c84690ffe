import { spawn } from 'node:child_process'
import path from 'node:path'
import { freePort } from '../scripts/postgres.ts'

/**
 * The Latch server in its own process, as deployed: a load generator must not share its event
 * loop. Resolves once /health answers.
 */
export async function spawnServer(env: Record<string, string>): Promise<{
  url: string
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
    if (attempt > 300) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, stop: () => server.kill('SIGTERM') }
}
