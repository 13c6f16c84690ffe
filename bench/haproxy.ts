import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../scripts/postgres.ts'
import { type HaproxyBackend, haproxyConfig } from './haproxyConfig.ts'

/** What to do when HAProxy is not installed: the bench names Debian's package. */
export const HAPROXY_MISSING =
  "HAProxy not found: the load bench runs its load balancer from Debian's package; install it with `apt-get install -y haproxy` (or pass --setups direct to measure one instance alone)"

/** HAProxy's version line, or undefined when `haproxy` is not on the PATH. */
export function haproxyVersion(): string | undefined {
  const probe = spawnSync('haproxy', ['-v'], { encoding: 'utf8' })
  if (probe.error || probe.status !== 0) return undefined
  return probe.stdout.split('\n')[0]?.trim()
}

export type Haproxy = { url: string; pid: number; stop(): Promise<void> }

/**
 * HAProxy in the foreground on a free loopback port with a generated configuration (written to
 * `dir`), dying with this process; resolves once every instance has answered /health through it.
 */
export async function startHaproxy(options: {
  dir: string
  backends: readonly HaproxyBackend[]
  maxConnections: number
}): Promise<Haproxy> {
  const port = await freePort()
  const file = path.join(options.dir, `haproxy-${options.backends.length}.cfg`)
  writeFileSync(
    file,
    haproxyConfig({ port, backends: options.backends, maxConnections: options.maxConnections }),
  )
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`haproxy refused ${file}:\n${check.stderr}`)
  const child: ChildProcess = spawn(
    'setpriv',
    ['--pdeathsig', 'KILL', 'haproxy', '-db', '-f', file],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const url = `http://127.0.0.1:${port}`
  // Round robin: as many answers in a row as instances means each one answered once.
  let answered = 0
  for (let attempt = 0; answered < options.backends.length * 2; attempt++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`)
    if (attempt > 300) throw new Error(`haproxy did not pass requests within 30 s:\n${output}`)
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    )
    answered = ok ? answered + 1 : 0
    if (!ok) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}
