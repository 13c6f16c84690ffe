import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { CHROMIUM_ARGS, CHROMIUM_PATH, installTestWallet } from '@latch/test-wallet'
import { type Browser, chromium, type Page } from '@playwright/test'
import { startStack } from '../scripts/stack.ts'

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
// The marks the modal sets once its idle preload is done and the modal is prerendered.
const PRERENDERED = 'latch:prerendered'

/**
 * Text only smart sessions' chunks hold, to name them among the page's (their file names are the
 * bundler's): the kit's sessions code, its Sessions view, the limits' wording, and the demo's
 * panel with its actions and the session-key sender.
 */
const SESSION_MARKS = [
  'This wallet cannot grant permissions',
  'No sessions: no site can act',
  'this minute',
  "A session key in this page's memory",
  'No session validator on chain',
  'The smart session does not allow this',
]

type Loaded = { url: string; gzip: number; sessions: boolean }

/** Every script the page loads, gzipped, and whether it is smart sessions code. */
function recordScripts(page: Page): { loaded: Loaded[]; settled(): Promise<void> } {
  const loaded: Loaded[] = []
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('javascript')) return
    pending.push(
      response.body().then(
        (body) => {
          const text = body.toString()
          // The wallet frame's page (its own origin) is one bundle with its grant screen inside:
          // counted as the frame's, not as smart sessions code of the site's page.
          const inFrame = new URL(response.url()).pathname.startsWith('/frame/')
          loaded.push({
            url: response.url(),
            gzip: gzipSync(body, { level: 9 }).length,
            sessions: !inFrame && SESSION_MARKS.some((mark) => text.includes(mark)),
          })
        },
        () => {},
      ),
    )
  })
  return { loaded, settled: () => Promise.all(pending).then(() => undefined) }
}

/** The scripts loaded since `from`, their bytes, and those of smart sessions among them. */
function since(loaded: Loaded[], from: number) {
  const files = loaded.slice(from)
  const sum = (list: Loaded[]) => list.reduce((total, file) => total + file.gzip, 0)
  const sessions = files.filter((file) => file.sessions)
  return { files, total: sum(files), sessions, sessionBytes: sum(sessions) }
}

/**
 * `bench/bundleSessions`: what smart sessions cost the demo's page, in Chromium on its production
 * build. Before the modal opens (a fresh visitor, the page idle and the modal prerendered): the
 * bytes of smart sessions code, which must be 0. Then, with a browser wallet connected, what the
 * demo's Smart session panel loads, what its first grant loads (the kit's sessions code, the
 * panel's actions with the session-key sender) and what the Account view's Sessions loads.
 * `BENCH_VERBOSE=1` lists the files.
 */
export async function benchSessionsBundle(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-bench-sessions-'))
  const stack = await startStack({
    ports: { chains: [0, 0], relay: 0, server: 0, frame: 0, demo: 0 },
    dataDir,
    demoMode: 'preview',
    serverEnv: { LOG_LEVEL: 'warn' },
  })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    await measure(browser, stack.demoUrl, stack.devnet.manifest)
  } finally {
    await browser.close()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function measure(
  browser: Browser,
  demoUrl: string,
  devnet: {
    chains: { chainId: number; rpcUrl: string; name: string }[]
    accounts: { privateKey: string }[]
  },
): Promise<void> {
  const verbose = (files: Loaded[]) => {
    if (!process.env.BENCH_VERBOSE) return
    for (const file of files)
      console.log(
        `  ${kib(file.gzip).padStart(10)} ${file.sessions ? 'sessions' : '        '}  ${new URL(file.url).pathname}`,
      )
  }
  const context = await browser.newContext()
  const page = await context.newPage()
  const account = devnet.accounts[0]
  if (!account) throw new Error('the devnet has no account')
  await installTestWallet(page, {
    privateKey: account.privateKey as `0x${string}`,
    chains: devnet.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name })),
    info: { name: 'Bench Wallet' },
  })
  const scripts = recordScripts(page)

  // A fresh visitor: the page idle, the modal preloaded and prerendered, then opened.
  await page.goto(demoUrl)
  await page.getByTestId('latch-connect-button').waitFor()
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PRERENDERED, {
    timeout: 15_000,
  })
  await page.waitForLoadState('networkidle')
  await page.getByTestId('latch-connect-button').click()
  await page.getByRole('dialog').waitFor()
  await page.waitForLoadState('networkidle')
  await scripts.settled()
  const beforeOpen = since(scripts.loaded, 0)
  console.log(
    `smart sessions code loaded before the modal opens (and with it): ${kib(beforeOpen.sessionBytes)} gzip in ${beforeOpen.sessions.length} file(s) (of ${kib(beforeOpen.total)} in ${beforeOpen.files.length} files)`,
  )
  verbose(beforeOpen.files)

  // A browser wallet connects: the demo shows its Smart session panel.
  let mark = scripts.loaded.length
  await page.getByRole('button', { name: /Bench Wallet/ }).click()
  const panel = page.getByRole('region', { name: 'Smart session' })
  await panel.waitFor()
  await page.waitForLoadState('networkidle')
  await scripts.settled()
  const connected = since(scripts.loaded, mark)
  console.log(
    `the demo's Smart session panel, shown once an EVM wallet connects: ${kib(connected.sessionBytes)} gzip in ${connected.sessions.length} file(s)`,
  )
  verbose(connected.files)

  // Its first grant: the kit's sessions code and the panel's actions (session key, sender). A
  // browser wallet without ERC-7715's capability is refused, in one sentence.
  mark = scripts.loaded.length
  await panel.getByRole('button', { name: 'Grant a session' }).click()
  const grant = page.getByTestId('demo-session-grant')
  await grant.filter({ hasText: /^Not granted|^Granted/ }).waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  await scripts.settled()
  const granted = since(scripts.loaded, mark)
  console.log(
    `the first grant's code (the kit's sessions code, the panel's actions and the session-key sender): ${kib(granted.sessionBytes)} gzip in ${granted.sessions.length} file(s), ${kib(granted.total)} in all`,
  )
  console.log(`  the browser wallet's answer: ${(await grant.textContent()) ?? ''}`)
  verbose(granted.files)

  // The kit's own part alone, on a page that never granted: the sessions code and the view.
  const fresh = await context.newPage()
  const freshScripts = recordScripts(fresh)
  await fresh.goto(demoUrl)
  await fresh.getByTestId('latch-connect-button').waitFor()
  await fresh.waitForLoadState('networkidle')
  await freshScripts.settled()
  mark = freshScripts.loaded.length
  await fresh.evaluate(() =>
    (
      window as unknown as { latchDemo: { sessions: { load(): Promise<unknown> } } }
    ).latchDemo.sessions.load(),
  )
  await fresh.waitForLoadState('networkidle')
  await freshScripts.settled()
  const kitCode = since(freshScripts.loaded, mark)
  console.log(
    `the kit's sessions code (grant, revoke, list; latch.sessions.load()): ${kib(kitCode.total)} gzip in ${kitCode.files.length} file(s)`,
  )
  verbose(kitCode.files)
  mark = freshScripts.loaded.length
  await fresh.evaluate(() =>
    (
      window as unknown as { latchDemo: { modal: { open(options: { view: string }): void } } }
    ).latchDemo.modal.open({ view: 'Sessions' }),
  )
  await fresh.getByRole('dialog', { name: 'Sessions' }).waitFor()
  await fresh.waitForLoadState('networkidle')
  await freshScripts.settled()
  const view = since(freshScripts.loaded, mark)
  console.log(
    `the Account view's Sessions view, on top: ${kib(view.total)} gzip in ${view.files.length} file(s)`,
  )
  verbose(view.files)
  await context.close()
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSessionsBundle()
