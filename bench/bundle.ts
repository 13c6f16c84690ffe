import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@latch/test-wallet'
import { chromium, type Page } from '@playwright/test'
import { startStack } from '../scripts/stack.ts'

const OPENS = 20

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

// Written as a string: tsx's name-keeping helper would not exist inside the page.
const OPEN_AND_TIME = `new Promise((resolve) => {
  const button = document.querySelector('[data-testid="latch-connect-button"]')
  const started = performance.now()
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[role="dialog"] [aria-label="Wallets"]')) return
    observer.disconnect()
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0))
  })
  observer.observe(document.body, { childList: true, subtree: true })
  button.click()
})`

/** Click the Connect button and wait until the Connect view is in the DOM and a frame was painted. */
const openModalTimed = (page: Page): Promise<number> => page.evaluate(OPEN_AND_TIME)

/**
 * `bench/bundle`: the JavaScript (gzip) the demo's production build loads before the modal opens
 * and when it opens, and the time from a click on Connect to the Connect view painted, in Chromium.
 */
export async function benchBundle(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-bench-'))
  const stack = await startStack({
    ports: { chains: [0, 0], relay: 0, server: 0, frame: 0, demo: 0 },
    dataDir,
    demoMode: 'preview',
    serverEnv: { LOG_LEVEL: 'warn' },
  })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await browser.newPage()
    const scripts: { url: string; gzip: number; phase: 'load' | 'open' }[] = []
    let phase: 'load' | 'open' = 'load'
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? ''
      if (!type.includes('javascript')) return
      const body = await response.body().catch(() => undefined)
      if (body)
        scripts.push({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length, phase })
    })
    await page.goto(stack.demoUrl, { waitUntil: 'networkidle' })
    await page.getByTestId('latch-connect-button').waitFor()
    phase = 'open'
    const first = await openModalTimed(page)
    await page.waitForLoadState('networkidle')
    const times: number[] = []
    for (let run = 0; run < OPENS; run++) {
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      times.push(await openModalTimed(page))
    }
    const sum = (which: 'load' | 'open') =>
      scripts
        .filter((script) => script.phase === which)
        .reduce((total, script) => total + script.gzip, 0)
    console.log(
      `demo JS before the modal opens: ${kib(sum('load'))} gzip in ${scripts.filter((s) => s.phase === 'load').length} file(s) (React 19 + wagmi + viem + @latch/core + @latch/react + the demo)`,
    )
    console.log(`more JS loaded when the modal opens: ${kib(sum('open'))} gzip`)
    console.log(
      `click to Connect view painted: first ${first.toFixed(1)} ms, then median ${median(times).toFixed(1)} ms over ${OPENS} opens`,
    )
  } finally {
    await browser.close()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBundle()
