import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export type PostgresServer = {
  url: string
  port: number
  /** Its data directory: a fault test starts another server on it after `halt`. */
  dataDir: string
  /** Stops it and deletes its data. */
  stop(): Promise<void>
  /** Stops it (a fast shutdown, as a restart does) and keeps its data for a start again. */
  halt(): Promise<void>
}

/** A free TCP port on loopback, picked by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Debian installs PostgreSQL's server programs under /usr/lib/postgresql/<major>/bin. */
function findPostgresBin(): string {
  const root = '/usr/lib/postgresql'
  const majors = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  for (const major of majors) {
    const bin = path.join(root, major, 'bin')
    if (existsSync(path.join(bin, 'postgres'))) return bin
  }
  throw new Error(
    'PostgreSQL server not found under /usr/lib/postgresql: install it with `apt-get install -y postgresql`',
  )
}

/**
 * Starts a throwaway PostgreSQL server on a free loopback port with its data under /tmp; or,
 * given the `dataDir` and `port` of one halted, that server again (a restart).
 */
export async function startPostgres(
  options: { dataDir?: string; port?: number } = {},
): Promise<PostgresServer> {
  const bin = findPostgresBin()
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'latch-pg-'))
  const port = options.port ?? (await freePort())
  // setpriv: as root, run as `postgres` (postgres refuses root); and die with this process.
  const asRoot = process.getuid?.() === 0
  const wrapped = (program: string, args: string[]): [string, string[]] => [
    'setpriv',
    [
      ...(asRoot ? ['--reuid=postgres', '--regid=postgres', '--init-groups'] : []),
      '--pdeathsig',
      'KILL',
      path.join(bin, program),
      ...args,
    ],
  ]
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (asRoot) execFileSync('chown', ['postgres', dataDir])
    execFileSync(
      ...wrapped('initdb', [
        '-D',
        dataDir,
        '-U',
        'latch',
        '--auth=trust',
        '--no-sync',
        '-E',
        'UTF8',
      ]),
      {
        stdio: 'pipe',
      },
    )
  }
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dataDir,
    '-h',
    '127.0.0.1',
    '-c',
    'fsync=off',
  ]
  const child = spawn(...wrapped('postgres', args), { stdio: 'pipe' })
  let output = ''
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`postgres did not start:\n${output}`)), 15_000)
    child.once('exit', (code) => reject(new Error(`postgres exited with ${code}:\n${output}`)))
    const check = setInterval(() => {
      if (output.includes('ready to accept connections')) {
        clearInterval(check)
        clearTimeout(timer)
        resolve()
      }
    }, 50)
  })
  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGINT') // fast shutdown
      await exited
    }
  }
  return {
    url: `postgres://latch@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    halt,
    async stop() {
      await halt()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
