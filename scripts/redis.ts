import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { freePort } from './postgres.ts'

export type RedisServer = {
  url: string
  port: number
  /** The redis-server process: fault tests stop (SIGSTOP), resume and kill it. */
  pid: number
  stop(): Promise<void>
}

/**
 * Starts a throwaway Redis on loopback (a free port, or `port` to start one again where another
 * was), in memory only, that dies with this process.
 */
export async function startRedis(options: { port?: number } = {}): Promise<RedisServer> {
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) =>
    existsSync(path),
  )
  if (!binary)
    throw new Error('redis-server not found: install it with `apt-get install -y redis-server`')
  const port = options.port ?? (await freePort())
  const child = spawn(
    'setpriv',
    [
      '--pdeathsig',
      'KILL',
      binary,
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { stdio: 'pipe' },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis did not start:\n${output}`)), 10_000)
    child.once('exit', (code) => reject(new Error(`redis exited with ${code}:\n${output}`)))
    const check = setInterval(() => {
      if (output.includes('Ready to accept connections')) {
        clearInterval(check)
        clearTimeout(timer)
        resolve()
      }
    }, 20)
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}
