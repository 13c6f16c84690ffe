import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@latch/test-wallet'
import { type Browser, chromium, type Page } from '@playwright/test'
import { startStack } from '../scripts/stack.ts'
import { measureBitcoinWallet } from './bundleBitcoin.ts'
import { measurePolkadotWallet } from './bundlePolkadot.ts'

const OPENS = 20
// The first open is timed in this many fresh pages (a new browser context each): one sample is noise.
const FIRST_OPENS = 5
// The marks the modal sets around its idle preload (performance.mark), then once it is prerendered.
const PRELOAD_START = 'latch:preload-start'
const PRELOAD_END = 'latch:preload-end'
const PRERENDERED = 'latch:prerendered'

type Phase = 'before idle' | 'idle preload' | 'open'

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
// Every build of wagmi's core carries its version string (`@wagmi/core@x.y.z`), and viem's error
// base class its own (`viem@x.y.z`): a script holding either carries wagmi or viem code.
const EVM_LIBRARY_MARK = /@wagmi\/core@|viem@/

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

/** When each script was requested and the marks, in ms since the epoch (frames have own clocks). */
const TIMINGS = `({
  scripts: performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, start: performance.timeOrigin + entry.startTime })),
  marks: Object.fromEntries(performance.getEntriesByType('mark').map((mark) => [mark.name, performance.timeOrigin + mark.startTime])),
})`

type Timings = { scripts: { url: string; start: number }[]; marks: Record<string, number> }

/**
 * `bench/bundle`: the JavaScript (gzip) the demo's production build loads in three phases (before
 * the page is idle: what it needs to show its button; the idle preload of the modal; when the
 * modal opens), and the time from a click on Connect to the Connect view painted, in Chromium:
 * the first open after the idle preload (median over fresh pages), then the median of later opens;
 * and whether any script before the modal opens carries wagmi or viem (none should on a page
 * without EVM networks). For the demo with EVM, Solana and Bitcoin, EVM and Solana, EVM only and Solana only.
 * `BENCH_VERBOSE=1` lists the files of each phase.
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
    // The demo configures the devnet's EVM chains, its Solana chain and its Bitcoin chain;
    // `?families=eip155` keeps the EVM networks only, which is what an EVM-only site loads,
    // `?families=eip155,solana` EVM and Solana, `?families=solana` the Solana one.
    for (const [label, url] of [
      ['EVM + Solana + Bitcoin', stack.demoUrl],
      ['EVM + Solana', `${stack.demoUrl}?families=eip155,solana`],
      ['EVM only', `${stack.demoUrl}?families=eip155`],
      ['Solana only', `${stack.demoUrl}?families=solana`],
    ] as const) {
      console.log(`-- the demo with ${label} configured`)
      await measure(browser, url)
    }
    console.log('-- a Bitcoin wallet on the demo')
    await measureBitcoinWallet(browser, stack.demoUrl, stack.devnet.manifest)
    console.log('-- Polkadot: an EVM-only page, and an extension on the demo with Polkadot')
    await measurePolkadotWallet(browser, stack.demoUrl, stack.devnet.manifest)
  } finally {
    await browser.close()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Measures one page of the demo at `url` (see benchBundle). */
async function measure(browser: Browser, url: string): Promise<void> {
  const page = await browser.newPage()
  const bodies = new Map<string, number>()
  const withEvmLibraries = new Set<string>()
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? ''
    if (!type.includes('javascript')) return
    pending.push(
      response.body().then(
        (body) => {
          bodies.set(response.url(), gzipSync(body, { level: 9 }).length)
          if (EVM_LIBRARY_MARK.test(body.toString('utf8'))) withEvmLibraries.add(response.url())
        },
        () => {},
      ),
    )
  })
  // Loads the demo and waits until it is idle with the modal preloaded and prerendered.
  // A kit without the idle preload sets no mark: then everything before the click is "before idle".
  const loadIdle = async (target: Page) => {
    await target.goto(url)
    await target.getByTestId('latch-connect-button').waitFor()
    const marked = (name: string) =>
      target
        .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, name, {
          timeout: 15_000,
        })
        .then(
          () => true,
          () => false,
        )
    if (!(await marked(PRELOAD_END)))
      console.log(`no ${PRELOAD_END} mark within 15 s: no idle preload measured`)
    else if (!(await marked(PRERENDERED))) console.log(`no ${PRERENDERED} mark within 15 s`)
    await target.waitForLoadState('networkidle')
  }
  await loadIdle(page)
  const clickedAt = await page.evaluate(() => performance.timeOrigin + performance.now())
  const first = await openModalTimed(page)
  await page.waitForLoadState('networkidle')
  const times: number[] = []
  for (let run = 0; run < OPENS; run++) {
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    times.push(await openModalTimed(page))
  }
  const firsts = [first]
  for (let run = 1; run < FIRST_OPENS; run++) {
    const context = await browser.newContext()
    const fresh = await context.newPage()
    await loadIdle(fresh)
    firsts.push(await openModalTimed(fresh))
    await context.close()
  }
  await Promise.all(pending)
  // The page's scripts, and those of its frames (the embedded wallet's page, once offered).
  const timings = (await page.evaluate(TIMINGS)) as Timings
  for (const frame of page.frames().slice(1)) {
    const inFrame = (await frame.evaluate(TIMINGS).catch(() => undefined)) as Timings | undefined
    if (inFrame) timings.scripts.push(...inFrame.scripts)
  }
  const preloadStart = timings.marks[PRELOAD_START] ?? Number.POSITIVE_INFINITY
  const phaseOf = (start: number): Phase =>
    start >= clickedAt ? 'open' : start >= preloadStart ? 'idle preload' : 'before idle'
  const files = timings.scripts
    .filter((script) => bodies.has(script.url))
    .map((script) => ({
      url: script.url,
      gzip: bodies.get(script.url) ?? 0,
      phase: phaseOf(script.start),
    }))
  const inPhase = (phase: Phase) => files.filter((file) => file.phase === phase)
  const sum = (phase: Phase) => inPhase(phase).reduce((total, file) => total + file.gzip, 0)
  const line = (label: string, phase: Phase) =>
    console.log(`${label}: ${kib(sum(phase))} gzip in ${inPhase(phase).length} file(s)`)
  line('demo JS before idle (what the page needs to show its button)', 'before idle')
  line('JS the idle preload fetched (the modal and its first view)', 'idle preload')
  console.log(
    `demo JS before the modal opens: ${kib(sum('before idle') + sum('idle preload'))} gzip (React 19 + @latch/core + @latch/react + the demo + each configured family: wagmi and viem for EVM)`,
  )
  const evmLibraries = files.filter(
    (file) => file.phase !== 'open' && withEvmLibraries.has(file.url),
  ).length
  console.log(
    `files with wagmi or viem code before the modal opens: ${evmLibraries === 0 ? 'none' : evmLibraries}`,
  )
  line('more JS loaded when the modal opens', 'open')
  const list = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ')
  console.log(
    `click to Connect view painted: first open median ${median(firsts).toFixed(1)} ms over ${FIRST_OPENS} fresh pages (${list(firsts)}), then median ${median(times).toFixed(1)} ms over ${OPENS} later opens`,
  )
  if (process.env.BENCH_VERBOSE) {
    for (const file of files)
      console.log(
        `  ${file.phase.padEnd(12)} ${kib(file.gzip).padStart(10)}  ${new URL(file.url).pathname}`,
      )
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBundle()
