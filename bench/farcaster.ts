import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@latch/test-wallet'
import { devnetFarcasterApp } from '@latch/test-wallet/farcaster'
import { chromium } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { startStack } from '../scripts/stack.ts'

const RUNS = 10

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  Number.NaN

// A string, not a function: tsx's name-keeping helper would not exist inside the page. Resolves
// with the wall clock (shared with this process) when the page shows the account connected.
const CONNECTED_AT = `new Promise((resolve) => {
  const done = () => {
    const text = document.querySelector('[data-testid="demo-account"]')?.textContent ?? ''
    if (!text.startsWith('Connected')) return false
    resolve(Date.now())
    return true
  }
  if (done()) return
  const observer = new MutationObserver(() => { if (done()) observer.disconnect() })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
})`

/**
 * `npm run bench:farcaster -w @latch/bench`: Log in with Farcaster on the demo's production build,
 * RUNS times in fresh browser contexts: the QR code read off the screen, the devnet's Farcaster
 * app approving it, and the time from the app's approval reaching the relay to the page showing
 * the account connected (the frame's long poll, the checks on Optimism, the session, the wallet).
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-bench-farcaster-'))
  const stack = await startStack({
    ports: { chains: [0, 0], relay: 0, server: 0, frame: 0, demo: 0 },
    dataDir,
    demoMode: 'preview',
    serverEnv: { LOG_LEVEL: 'warn' },
  })
  const farcaster = stack.devnet.manifest.farcaster
  if (!farcaster) throw new Error('the devnet runs no Farcaster relay')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const approvalToAccount: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(stack.demoUrl)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      const modal = page.getByRole('dialog')
      await modal.getByRole('button', { name: 'Log in with Farcaster' }).click()
      const qr = modal.getByRole('img', { name: 'QR code to sign in with Farcaster' })
      await qr.waitFor()
      const png = PNG.sync.read(await qr.screenshot({ animations: 'disabled' }))
      const url = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data
      if (!url) throw new Error('the QR code could not be read')
      const connected = page.evaluate(CONNECTED_AT) as Promise<number>
      const account = farcaster.accounts[run % farcaster.accounts.length]?.username
      await devnetFarcasterApp(farcaster, account).approve(url)
      const approvedAt = Date.now()
      approvalToAccount.push((await connected) - approvedAt)
      await context.close()
    }
  } finally {
    await browser.close()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const ms = (value: number) => `${Math.round(value)} ms`
  console.log(
    `farcaster login, approval to account shown (${RUNS} runs): median ${ms(percentile(approvalToAccount, 0.5))}, p90 ${ms(percentile(approvalToAccount, 0.9))}, max ${ms(Math.max(...approvalToAccount))}`,
  )
}

await main()
