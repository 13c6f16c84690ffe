import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSite, type Site, serverDependencies } from '../e2e/consumer.ts'
import { freePort } from './postgres.ts'

// The server as its owner gets it: the packed tarballs of @latch/server and @latch/protocol
// installed alone in a fresh folder outside the repository, and `latch-server` started there with
// nothing set but its two ports, as `npx @latch/server` starts it.

const START_TIMEOUT_MS = 120_000
// It stops in about 100 ms alone; the bound leaves room for a machine busy with the rest of `npm test`,
// and is past the server's own 10 s shutdown deadline, so a stop that hangs shows the server's
// account of what still ran.
const STOP_TIMEOUT_MS = 30_000

describe('@latch/server installed alone', () => {
  let site: Site & { installMs: number }
  let tarballs: string[] = []
  let server: ChildProcess
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  let output = ''
  let apiUrl = ''
  let frameUrl = ''
  const figures: string[] = []

  beforeAll(async () => {
    const dependencies = await serverDependencies()
    tarballs = Object.values(dependencies).map((specifier) => specifier.slice('file:'.length))
    for (const [name, tarball] of Object.entries(dependencies))
      figures.push(`${name} tarball ${kib(statSync(tarball.slice('file:'.length)).size)}`)
    site = await createSite(
      'server',
      { name: 'an-owner', private: true, type: 'module', dependencies },
      {},
    )
    const { stdout: du } = await site.exec('du', ['-sk', 'node_modules'])
    figures.push(
      `npm install ${site.installMs} ms`,
      `node_modules ${(Number.parseInt(du, 10) / 1024).toFixed(1)} MiB`,
    )

    const [port, framePort] = [await freePort(), await freePort()]
    apiUrl = `http://127.0.0.1:${port}`
    frameUrl = `http://127.0.0.1:${framePort}`
    const started = performance.now()
    // The bin itself, as npx runs it: its shebang line and the mode npm gave it start Node.
    server = spawn(path.join(site.dir, 'node_modules/.bin/latch-server'), [], {
      cwd: site.dir,
      // Only the ports: not the test runner's NODE_ENV, nor any DATA_DIR, chain or database.
      env: { PATH: process.env.PATH, PORT: String(port), FRAME_PORT: String(framePort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    exited = new Promise((resolve) =>
      server.once('exit', (code, signal) => resolve({ code, signal })),
    )
    const deadline = Date.now() + START_TIMEOUT_MS
    while (!(await answers(`${apiUrl}/health`))) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`latch-server did not start:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    figures.push(`start to /health ${Math.round(performance.now() - started)} ms`)
  }, 600_000)

  // Removing its 400 MiB of node_modules can take a minute on a machine busy with the rest of
  // `npm test`: done without blocking, and given the time.
  afterAll(async () => {
    console.info(`@latch/server installed alone: ${figures.join(', ')}`)
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
    await Promise.all(
      [...(site ? [site.dir] : []), ...tarballs.map((tarball) => path.dirname(tarball))].map(
        (dir) => rm(dir, { recursive: true, force: true }),
      ),
    )
  }, 300_000)

  it('answers /health, on PGlite', async () => {
    const response = await fetch(`${apiUrl}/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, dialect: 'pglite' },
    })
  })

  it('keeps its data in latch-data/ of the folder it was started in, and says so', () => {
    const dataDir = path.join(site.dir, 'latch-data')
    expect(existsSync(path.join(dataDir, 'pglite/PG_VERSION'))).toBe(true)
    // Outside production it makes the embedded wallets' development key there.
    expect(existsSync(path.join(dataDir, 'wallet-master.key'))).toBe(true)
    expect(output).toContain(`PGlite data in ${path.join(dataDir, 'pglite')}`)
  })

  it('serves the wallet frame page, with its script, on the frame port', async () => {
    const page = await fetch(`${frameUrl}/frame?projectId=latch-dev`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    await expectScriptServed(frameUrl, await page.text())
  })

  it('serves the dashboard page, with its script, and the API docs', async () => {
    const page = await fetch(`${apiUrl}/dashboard`)
    expect(page.status).toBe(200)
    await expectScriptServed(apiUrl, await page.text())
    const docs = await fetch(`${apiUrl}/docs`)
    expect(docs.status).toBe(200)
    expect(await docs.text()).toContain('swagger')
    const openapi = (await (await fetch(`${apiUrl}/docs/json`)).json()) as {
      paths: Record<string, unknown>
    }
    expect(Object.keys(openapi.paths)).toContain('/health')
  })

  it('exports its programmatic API to plain Node', async () => {
    const script = [
      "const server = await import('@latch/server')",
      'console.log(typeof server.buildServer, typeof server.buildFrameServer, typeof server.loadConfig)',
    ].join('\n')
    const { stdout } = await site.exec('node', ['--input-type=module', '-e', script])
    expect(stdout.trim()).toBe('function function function')
  })

  it(
    'stops cleanly on SIGTERM',
    async () => {
      const asked = performance.now()
      server.kill('SIGTERM')
      const stopped = await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(() => resolve('still running'), STOP_TIMEOUT_MS)),
      ])
      figures.push(`SIGTERM to exit ${Math.round(performance.now() - asked)} ms`)
      expect(stopped, `its output:\n${output.slice(-3000)}`).toEqual({ code: 0, signal: null })
      expect(output).toContain('shutting down')
      expect(await answers(`${apiUrl}/health`)).toBe(false)
      expect(await answers(`${frameUrl}/frame?projectId=latch-dev`)).toBe(false)
    },
    STOP_TIMEOUT_MS + 10_000,
  )
})

/** Whether `url` answers 2xx now; a refused connection is a no. */
function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (response) => response.ok,
    () => false,
  )
}

/** The page's module script (`/<base>/assets/...js`) is served from `origin` as JavaScript. */
async function expectScriptServed(origin: string, html: string): Promise<void> {
  const script = /<script[^>]+src="(\/[a-z]+\/assets\/[^"]+\.js)"/.exec(html)?.[1]
  expect(script, html).toBeDefined()
  const response = await fetch(`${origin}${script}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/javascript/)
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`
}
