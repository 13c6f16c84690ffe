import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ensureWalletFrameBuilt, walletFrameDistDir } from './ensureWalletFrameBuilt.ts'

describe('ensureWalletFrameBuilt', () => {
  it('leaves a page that loads under the frame CSP: no inline code, assets under /frame/', async () => {
    await ensureWalletFrameBuilt()
    const html = readFileSync(path.join(walletFrameDistDir, 'index.html'), 'utf8')
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts).toHaveLength(1)
    expect(scripts[0]?.[2]).toBe('')
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i)
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '')
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true)
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true)
    for (const asset of assets) {
      expect(asset).toMatch(/^\/frame\/assets\//)
      expect(existsSync(path.join(walletFrameDistDir, asset.slice('/frame/'.length)))).toBe(true)
    }
  })

  it('does not rebuild an up-to-date page', async () => {
    await ensureWalletFrameBuilt()
    const before = statSync(path.join(walletFrameDistDir, 'index.html')).mtimeMs
    const started = Date.now()
    await ensureWalletFrameBuilt()
    expect(statSync(path.join(walletFrameDistDir, 'index.html')).mtimeMs).toBe(before)
    expect(Date.now() - started).toBeLessThan(200)
  })

  it('leaves the process environment as it found it after a build', async () => {
    // An old page counts as stale, so this call really builds.
    await ensureWalletFrameBuilt()
    utimesSync(path.join(walletFrameDistDir, 'index.html'), 0, 0)
    // `npm start` runs with NODE_ENV unset: Vite fills it in only then.
    const before = process.env.NODE_ENV
    delete process.env.NODE_ENV
    try {
      await ensureWalletFrameBuilt()
      expect(statSync(path.join(walletFrameDistDir, 'index.html')).mtimeMs).toBeGreaterThan(0)
      expect(process.env.NODE_ENV).toBeUndefined()
    } finally {
      process.env.NODE_ENV = before
    }
  }, 60_000)
})
