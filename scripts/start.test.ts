import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { freePort } from './postgres.ts'

const root = path.resolve(import.meta.dirname, '..')

/** Whether anything accepts TCP connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

it('npm start serves the demo, server and devnet, and Ctrl-C leaves nothing running', async () => {
  const [chainA, chainB, relay, server, frame, demo] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ])
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-start-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DEVNET_PORTS: `${chainA},${chainB}`,
      DEVNET_RELAY_PORT: String(relay),
      // The devnet's login provider and mail catcher on free ports too.
      DEVNET_OIDC_PORT: '0',
      DEVNET_SMTP_PORT: '0',
      DEVNET_INBOX_PORT: '0',
      SERVER_PORT: String(server),
      FRAME_PORT: String(frame),
      DEMO_PORT: String(demo),
      LATCH_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  try {
    await expect
      .poll(() => output, { timeout: 60_000, interval: 200 })
      .toMatch(new RegExp(`Latch is ready in \\d+ ms: open http://127\\.0\\.0\\.1:${demo}`))
    expect(output).toContain(`devnet  Latch Devnet (31337)  http://127.0.0.1:${chainA}`)

    const page = await fetch(`http://127.0.0.1:${demo}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root"></div>')
    const health = await (await fetch(`http://127.0.0.1:${server}/health`)).json()
    expect(health).toMatchObject({ status: 'ok', database: { ok: true, dialect: 'pglite' } })
    // The embedded wallet's page, on its own origin.
    const framePage = await fetch(`http://127.0.0.1:${frame}/frame?projectId=latch-dev`)
    expect(framePage.status).toBe(200)
    expect(framePage.headers.get('content-security-policy')).toContain('frame-ancestors')

    child.kill('SIGINT')
    expect(await exited).toBe(0)
    for (const port of [chainA, chainB, relay, server, frame, demo])
      expect(await listening(port)).toBe(false)
  } finally {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 90_000)
