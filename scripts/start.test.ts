import { execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
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

/**
 * What a fresh clone holds: the files git tracks plus new ones not ignored, so the test sees the
 * working tree as it would be committed, with no `.data`, no `node_modules` and nothing built.
 */
function freshCopy(): string {
  const target = mkdtempSync(path.join(tmpdir(), 'latch-clone-'))
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
  for (const file of files.split('\0')) {
    if (!file || !existsSync(path.join(root, file))) continue
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true })
    cpSync(path.join(root, file), path.join(target, file), { verbatimSymlinks: true })
  }
  return target
}

it('the README commands on a fresh clone: npm install && npm start serve everything, Ctrl-C leaves nothing running', async () => {
  const clone = freshCopy()
  try {
    // The README's first command. The npm cache of this machine serves it without the network.
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: clone,
      stdio: 'ignore',
    })
    expect(existsSync(path.join(clone, '.data'))).toBe(false)
    expect(existsSync(path.join(clone, 'packages/wallet-frame/dist'))).toBe(false)

    const [
      chainA,
      chainB,
      bundlerA,
      bundlerB,
      relay,
      solana,
      bitcoin,
      polkadot,
      server,
      frame,
      demo,
      farcasterRelay,
      optimism,
    ] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ])
    // The test runner's own NODE_ENV must not reach the product: a newcomer's shell has none.
    const { NODE_ENV: _runnerMode, ...shellEnv } = process.env
    // Its own process group, as a terminal runs it: Ctrl-C signals npm and everything under it.
    const child = spawn('npm', ['start'], {
      cwd: clone,
      detached: true,
      env: {
        ...shellEnv,
        DEVNET_PORTS: `${chainA},${chainB}`,
        DEVNET_BUNDLER_PORTS: `${bundlerA},${bundlerB}`,
        DEVNET_RELAY_PORT: String(relay),
        // The devnet's login provider, mail catcher and NFT metadata on free ports too.
        DEVNET_OIDC_PORT: '0',
        DEVNET_SMTP_PORT: '0',
        DEVNET_INBOX_PORT: '0',
        DEVNET_NFT_PORT: '0',
        DEVNET_SOLANA_PORT: String(solana),
        DEVNET_BITCOIN_PORT: String(bitcoin),
        DEVNET_POLKADOT_PORT: String(polkadot),
        DEVNET_FARCASTER_RELAY_PORT: String(farcasterRelay),
        DEVNET_OPTIMISM_PORT: String(optimism),
        SERVER_PORT: String(server),
        FRAME_PORT: String(frame),
        DEMO_PORT: String(demo),
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
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    try {
      await expect
        // Alone it is ready in about 30 s; `npm test` runs the other tests beside it on two cores.
        .poll(() => output, { timeout: 180_000, interval: 200 })
        .toMatch(
          new RegExp(
            `Latch is ready in \\d+ ms: open http://127\\.0\\.0\\.1:${demo}|could not start`,
          ),
        )
      expect(output).not.toContain('could not start')
      expect(output).toContain(`devnet  Latch Devnet (31337)  http://127.0.0.1:${chainA}`)
      expect(output).toContain(
        `bundler Latch Devnet 2 (31338)  http://127.0.0.1:${bundlerB}  (ERC-4337, EntryPoint v0.8)`,
      )
      // Each chain's bundler answers on the printed URL, for the EntryPoint the devnet deployed.
      const entryPoints = await fetch(`http://127.0.0.1:${bundlerA}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints' }),
      })
      expect((await entryPoints.json()).result).toEqual([
        '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
      ])
      expect(output).toContain(
        `devnet  Latch Solana Devnet  http://127.0.0.1:${solana}  (ws ws://127.0.0.1:${solana})`,
      )
      // The Solana chain answers Solana's JSON-RPC on the printed URL.
      const health = await fetch(`http://127.0.0.1:${solana}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
      })
      expect(await health.json()).toEqual({ jsonrpc: '2.0', result: 'ok', id: 1 })
      // The Bitcoin chain answers Esplora's API on the printed URL, funded and matured.
      expect(output).toContain(
        `devnet  Latch Bitcoin Devnet  http://127.0.0.1:${bitcoin}  (Esplora API)`,
      )
      const tip = await fetch(`http://127.0.0.1:${bitcoin}/blocks/tip/height`)
      expect(Number(await tip.text())).toBeGreaterThanOrEqual(110)
      // The Polkadot chain answers Substrate's JSON-RPC on the printed URL's port.
      expect(output).toMatch(
        new RegExp(
          `devnet  Latch Polkadot Devnet  ws://127\\.0\\.0\\.1:${polkadot}  \\(polkadot:[0-9a-f]{32}\\)`,
        ),
      )
      const properties = await fetch(`http://127.0.0.1:${polkadot}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'system_properties', params: [] }),
      })
      expect((await properties.json()).result).toMatchObject({
        tokenSymbol: 'ROC',
        tokenDecimals: 12,
      })

      // Sign In With Farcaster's relay and the chain holding the ID Registry, on their ports.
      expect(output).toContain(`relay   Farcaster auth relay  http://127.0.0.1:${farcasterRelay}`)
      expect(output).toContain(
        `devnet  Latch Optimism Devnet (10)  http://127.0.0.1:${optimism}  (Farcaster ID Registry only)`,
      )
      const relayHealth = await fetch(`http://127.0.0.1:${farcasterRelay}/health`)
      expect(relayHealth.status).toBe(200)

      const page = await fetch(`http://127.0.0.1:${demo}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="root"></div>')
      const serverHealth = await (await fetch(`http://127.0.0.1:${server}/health`)).json()
      expect(serverHealth).toMatchObject({
        status: 'ok',
        database: { ok: true, dialect: 'pglite' },
      })
      // The embedded wallet's page, on its own origin, built by this first start.
      const framePage = await fetch(`http://127.0.0.1:${frame}/frame?projectId=latch-dev`)
      expect(framePage.status).toBe(200)
      expect(framePage.headers.get('content-security-policy')).toContain('frame-ancestors')

      process.kill(-(child.pid as number), 'SIGINT')
      await exited
      expect(output).toContain('stopping devnet, server and demo')
      for (const port of [
        chainA,
        chainB,
        bundlerA,
        bundlerB,
        relay,
        solana,
        bitcoin,
        polkadot,
        server,
        frame,
        demo,
        farcasterRelay,
        optimism,
      ])
        await expect.poll(() => listening(port), { timeout: 10_000 }).toBe(false)
    } finally {
      try {
        process.kill(-(child.pid as number), 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
  } finally {
    rmSync(clone, { recursive: true, force: true })
  }
}, 480_000)
