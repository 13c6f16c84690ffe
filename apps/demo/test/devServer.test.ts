import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../scripts/postgres.ts'

// The demo's Vite dev server (`npm start` runs it) serves the page and the sources it imports,
// and nothing else of the repository: `.data` holds the devnet's keys and mnemonic and the PGlite
// files with the encrypted wallet keys, and `/@fs/` would otherwise read any file under the root.

const repoRoot = path.resolve(import.meta.dirname, '../../..')
const demoRoot = path.join(repoRoot, 'apps/demo')

describe("the demo's dev server", () => {
  let server: ViteDevServer
  let base: string
  const probeName = `fs-deny-probe-${randomBytes(4).toString('hex')}.json`
  const probe = path.join(repoRoot, '.data', probeName)
  // As PGlite keeps its files: a directory under .data.
  const nested = path.join(repoRoot, '.data', `${probeName}.d`, 'PG_VERSION')
  beforeAll(async () => {
    // A file where the devnet writes its manifest (keys, mnemonic), whether or not one exists.
    mkdirSync(path.dirname(nested), { recursive: true })
    writeFileSync(probe, JSON.stringify({ mnemonic: 'test test test' }))
    writeFileSync(nested, '18')
    const port = await freePort()
    server = await createServer({
      configFile: path.join(demoRoot, 'vite.config.ts'),
      configLoader: 'runner',
      root: demoRoot,
      logLevel: 'silent',
      server: { port, strictPort: true },
      optimizeDeps: { noDiscovery: true, include: [] },
    })
    await server.listen()
    base = `http://127.0.0.1:${port}`
  })
  afterAll(async () => {
    await server?.close()
    rmSync(probe, { force: true })
    rmSync(path.dirname(nested), { recursive: true, force: true })
  })

  const status = async (url: string) => (await fetch(`${base}${url}`)).status

  it('refuses the data directory and the rest of the repository, however asked', async () => {
    for (const url of [
      `/@fs${probe}`,
      `/@fs${probe}?raw`,
      `/@fs${probe}?import`,
      `/@fs${repoRoot}/.data/${probeName}?url`,
      `/@fs${nested}`,
      `/@fs${repoRoot}/apps/server/src/config.ts`,
      `/@fs${repoRoot}/package.json`,
      `/@fs${repoRoot}/.git`,
      `/@fs${repoRoot}/packages/devnet/src/index.ts`,
    ])
      expect(await status(url), url).toBe(403)
    // Outside the root by path: never the file either.
    const escaped = await fetch(`${base}/../../.data/${probeName}`)
    expect(await escaped.text()).not.toContain('mnemonic')
  })

  it('still serves the page and every kind of source it loads', async () => {
    const page = await fetch(`${base}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('/src/main.tsx')
    for (const url of [
      '/src/main.tsx',
      `/@fs${repoRoot}/packages/core/src/index.ts`,
      `/@fs${repoRoot}/packages/react/src/index.ts`,
      `/@fs${repoRoot}/packages/protocol/src/frame.ts`,
      `/@fs${repoRoot}/node_modules/react/index.js`,
      '/@vite/client',
    ])
      expect(await status(url), url).toBe(200)
  })
})
