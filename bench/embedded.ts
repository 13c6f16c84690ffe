import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { CHROMIUM_ARGS, CHROMIUM_PATH, installTestWallet } from '@latch/test-wallet'
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test'
import { startStack } from '../scripts/stack.ts'

const RUNS = 10

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  Number.NaN

// Strings, not functions: tsx's name-keeping helper would not exist inside the page. Each resolves
// with the page's clock (performance.now) at the moment it describes.
const CONNECTED_AT = `new Promise((resolve) => {
  const done = () => {
    const text = document.querySelector('[data-testid="demo-account"]')?.textContent ?? ''
    if (!text.startsWith('Connected')) return false
    resolve(performance.now())
    return true
  }
  if (done()) return
  const observer = new MutationObserver(() => { if (done()) observer.disconnect() })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
})`
// The frame says when its approval screen is drawn; only a message from the frame counts.
const approvalShownAt = (frameOrigin: string) => `new Promise((resolve) => {
  addEventListener('message', (event) => {
    if (event.origin === ${JSON.stringify(frameOrigin)} && event.data?.type === '@latch-frame/APPROVAL_SHOWN') resolve(performance.now())
  })
})`
const CLICKED_AT = `new Promise((resolve) => {
  addEventListener('click', () => resolve(performance.now()), { capture: true, once: true })
})`

async function readCode(inboxUrl: string, to: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const mails = (await (
      await fetch(`${inboxUrl}/messages?to=${encodeURIComponent(to)}`)
    ).json()) as { text: string }[]
    const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no code mailed to ${to}`)
}

async function timeLogin(page: Page, inboxUrl: string): Promise<number> {
  const email = `bench-${randomBytes(5).toString('hex')}@example.test`
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const modal = page.getByRole('dialog')
  await modal.getByLabel('Email').fill(email)
  await modal.getByRole('button', { name: 'Continue' }).click()
  const code = await readCode(inboxUrl, email)
  await modal.getByLabel('Digit 1').click()
  await page.keyboard.type(code.slice(0, 5))
  const connected = page.evaluate(CONNECTED_AT) as Promise<number>
  const submitted = (await page.evaluate('performance.now()')) as number
  // The sixth digit submits the code.
  await page.keyboard.type(code.slice(5))
  return (await connected) - submitted
}

/** The chunks only a smart account's user needs: the Account view's switch and its flow. */
const SMART_ACCOUNT_CHUNK = /\/(AccountTypeSwitch|switchAccountType)-[\w-]+\.js$/
const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`

/** The JavaScript a browser context fetched so far (the page's and its frames'), gzip by URL. */
function recordScripts(context: BrowserContext) {
  const scripts = new Map<string, number>()
  const pending: Promise<void>[] = []
  context.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('javascript')) return
    pending.push(
      response.body().then(
        (body) => {
          scripts.set(response.url(), gzipSync(body, { level: 9 }).length)
        },
        () => {},
      ),
    )
  })
  return {
    /** The scripts fetched so far, once their bodies are in. */
    async settled(): Promise<Map<string, number>> {
      await Promise.all(pending)
      return new Map(scripts)
    },
  }
}

const smartChunks = (scripts: Map<string, number>, after = new Map<string, number>()) =>
  [...scripts].filter(([url]) => SMART_ACCOUNT_CHUNK.test(url) && !after.has(url))
const total = (entries: [string, number][]) => entries.reduce((sum, [, gzip]) => sum + gzip, 0)
const names = (entries: [string, number][]) =>
  entries.map(([url]) => new URL(url).pathname.split('/').at(-1)).join(', ')

/** Opens the Account view from the connect button and waits until nothing more loads. */
async function openAccountView(page: Page): Promise<void> {
  await page.getByTestId('latch-connect-button').click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
  await page.waitForLoadState('networkidle')
}

/**
 * The bytes smart accounts cost a page (production build, gzip): what loads before the modal
 * opens (none of the smart account's code), what an email user's Account view (a smart account)
 * and its switch to the EOA load, and what an extension wallet's Account view loads of it (none).
 */
async function smartAccountBytes(
  browser: Browser,
  stack: Awaited<ReturnType<typeof startStack>>,
  inboxUrl: string,
): Promise<void> {
  const context = await browser.newContext()
  const scripts = recordScripts(context)
  const page = await context.newPage()
  await page.goto(stack.demoUrl, { waitUntil: 'networkidle' })
  const beforeModal = await scripts.settled()
  console.log(
    `smart-account code before the modal opens: ${smartChunks(beforeModal).length === 0 ? 'none' : names(smartChunks(beforeModal))} (page JS ${kib(total([...beforeModal]))} in ${beforeModal.size} files)`,
  )
  await timeLogin(page, inboxUrl)
  await page.waitForLoadState('networkidle')
  const loggedIn = await scripts.settled()
  const frameJs = [...loggedIn].filter(([url]) => url.startsWith(stack.frameUrl))
  console.log(
    `the wallet frame's JS (loaded for email and social users only): ${kib(total(frameJs))} in ${frameJs.length} file(s)`,
  )
  await openAccountView(page)
  await page.getByTestId('latch-account-type').waitFor()
  const onAccount = await scripts.settled()
  const switchView = smartChunks(onAccount, loggedIn)
  console.log(
    `an email user's Account view (a smart account) loads ${kib(total(switchView))} of smart-account code: ${names(switchView)}`,
  )
  await page.getByRole('button', { name: 'Switch to your EOA' }).click()
  await page.getByTestId('latch-account-type-name').filter({ hasText: 'EOA' }).waitFor()
  await page.waitForLoadState('networkidle')
  const switched = smartChunks(await scripts.settled(), onAccount)
  console.log(`its first switch loads ${kib(total(switched))} more: ${names(switched)}`)
  await context.close()

  const extension = await browser.newContext()
  const extensionScripts = recordScripts(extension)
  const other = await extension.newPage()
  const [account] = stack.devnet.manifest.accounts
  if (!account) throw new Error('the devnet has no account')
  await installTestWallet(other, {
    privateKey: account.privateKey as `0x${string}`,
    chains: stack.devnet.manifest.chains.map((chain) => ({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      name: chain.name,
    })),
  })
  await other.goto(stack.demoUrl, { waitUntil: 'networkidle' })
  await other.getByRole('button', { name: 'Connect Wallet' }).click()
  await other.getByRole('button', { name: /Latch Test Wallet/ }).click()
  await other.getByTestId('demo-account').filter({ hasText: 'Connected' }).waitFor()
  await openAccountView(other)
  const withExtension = smartChunks(await extensionScripts.settled())
  console.log(
    `an extension wallet's Account view loads of it: ${withExtension.length === 0 ? 'none' : names(withExtension)}`,
  )
  await extension.close()
}

/**
 * `bench/embedded`: email login and signing with the embedded wallet in the production build: the
 * time from the last digit of the code to the page showing the account, and from the site's sign
 * request (a click) to the frame's approval screen being drawn; then the bytes smart accounts
 * cost a page (smartAccountBytes).
 */
export async function benchEmbedded(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-bench-'))
  const stack = await startStack({
    ports: { chains: [0, 0], relay: 0, server: 0, frame: 0, demo: 0 },
    dataDir,
    demoMode: 'preview',
    serverEnv: { LOG_LEVEL: 'warn' },
  })
  const inboxUrl = stack.devnet.manifest.mail?.inboxUrl
  if (!inboxUrl) throw new Error('the devnet runs no mail catcher')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const otpToConnected: number[] = []
  const signToApproval: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(stack.demoUrl, { waitUntil: 'networkidle' })
      otpToConnected.push(await timeLogin(page, inboxUrl))

      const shown = page.evaluate(approvalShownAt(stack.frameUrl)) as Promise<number>
      const clicked = page.evaluate(CLICKED_AT) as Promise<number>
      await page.getByRole('button', { name: 'Sign a message' }).click()
      signToApproval.push((await shown) - (await clicked))
      await context.close()
    }
    const report = (values: number[]) =>
      `p50 ${percentile(values, 0.5).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms over ${RUNS} runs`
    console.log(`email code submitted -> page shows the account: ${report(otpToConnected)}`)
    console.log(
      `site asks for a signature -> frame's approval screen drawn: ${report(signToApproval)}`,
    )
    await smartAccountBytes(browser, stack, inboxUrl)
  } finally {
    await browser.close()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEmbedded()
