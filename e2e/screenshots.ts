/**
 * Takes the pictures under docs/screenshots/: the modal's Connect, All Wallets, help, Account
 * (dark and light), Swap and phone views, on a stack of its own (free ports, fresh data, the
 * demo's production build), as a visitor sees them in Chromium.
 * `npm run screenshots -w @latch/e2e`
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { devnetManifest } from '@latch/protocol'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@latch/test-wallet'
import { type Browser, chromium, type Locator, type Page } from '@playwright/test'
import { startStack } from '../scripts/stack.ts'
import type { StackInfo } from './fixtures.ts'
import { fundFreshAccount } from './funding.ts'
import { devnetWallet } from './wallet.ts'

const outDir = path.resolve(import.meta.dirname, '../docs/screenshots')
/** The card and a margin of the page around it. */
const MARGIN = 24

async function shootCard(page: Page, dialog: Locator, name: string) {
  await dialog.waitFor()
  // Let the card settle: its entry animation and height transition take 200 ms.
  await page.waitForTimeout(600)
  const box = await dialog.boundingBox()
  if (!box) throw new Error(`${name}: the dialog has no box`)
  const viewport = page.viewportSize() ?? { width: 0, height: 0 }
  const x = Math.max(0, box.x - MARGIN)
  const y = Math.max(0, box.y - MARGIN)
  await page.screenshot({
    path: path.join(outDir, `${name}.png`),
    clip: {
      x,
      y,
      width: Math.min(viewport.width - x, box.width + MARGIN * 2),
      height: Math.min(viewport.height - y, box.height + MARGIN * 2),
    },
  })
  console.log(`docs/screenshots/${name}.png`)
}

async function connect(page: Page, stack: StackInfo, privateKey: `0x${string}`) {
  await devnetWallet(page, stack, { privateKey })
  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
  await page.getByTestId('demo-account').getByText('Connected').waitFor()
}

async function desktop(browser: Browser, stack: StackInfo, privateKey: `0x${string}`) {
  for (const scheme of ['dark', 'light'] as const) {
    const context = await browser.newContext({
      viewport: { width: 1100, height: 860 },
      colorScheme: scheme,
    })
    const page = await context.newPage()
    const suffix = scheme === 'dark' ? '' : '-light'
    if (scheme === 'dark') {
      await page.goto(stack.demoUrl)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await shootCard(page, page.getByRole('dialog', { name: 'Connect Wallet' }), 'connect')
      await page.getByRole('button', { name: /All Wallets/ }).click()
      const all = page.getByRole('dialog', { name: 'All Wallets' })
      await all.getByRole('button', { name: 'MetaMask' }).waitFor()
      await shootCard(page, all, 'all-wallets')
      await page.getByRole('button', { name: 'Back', exact: true }).click()
      await page.getByRole('button', { name: 'What is a wallet?' }).click()
      const help = page.getByRole('dialog', { name: 'What is a wallet?' })
      await help.getByRole('link', { name: /MetaMask/ }).waitFor()
      await shootCard(page, help, 'help')
      await page.getByRole('button', { name: 'Close' }).click()
    }
    await connect(page, stack, privateKey)
    await page.getByTestId('latch-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByTestId('latch-token-row').first().waitFor()
    await shootCard(page, account, `account${suffix}`)
    if (scheme === 'dark') {
      await account.getByRole('button', { name: 'Swap', exact: true }).click()
      const swap = page.getByRole('dialog', { name: 'Swap' })
      await swap.getByLabel('You pay').fill('0.5')
      await swap.getByTestId('latch-swap-rate').waitFor()
      await shootCard(page, swap, 'swap')
    }
    await context.close()
  }
}

async function phone(browser: Browser, stack: StackInfo, privateKey: `0x${string}`) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    colorScheme: 'dark',
  })
  const page = await context.newPage()
  await devnetWallet(page, stack, { privateKey })
  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
  await page.waitForTimeout(600)
  await page.screenshot({ path: path.join(outDir, 'mobile-connect.png') })
  console.log('docs/screenshots/mobile-connect.png')
  await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await page.getByTestId('demo-signature').getByText(/^0x/).waitFor()
  await page.screenshot({ path: path.join(outDir, 'mobile-page.png') })
  console.log('docs/screenshots/mobile-page.png')
  await page.getByTestId('latch-connect-button').click()
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByTestId('latch-token-row')
    .first()
    .waitFor()
  await page.waitForTimeout(600)
  await page.screenshot({ path: path.join(outDir, 'mobile-account.png') })
  console.log('docs/screenshots/mobile-account.png')
  await context.close()
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-screenshots-'))
const started = await startStack({
  ports: { chains: [0, 0], relay: 0, server: 0, frame: 0, demo: 0 },
  dataDir,
  demoMode: 'preview',
  serverEnv: { LOG_LEVEL: 'warn' },
})
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  mkdirSync(outDir, { recursive: true })
  const stack: StackInfo = {
    demoUrl: started.demoUrl,
    serverUrl: started.serverUrl,
    frameUrl: started.frameUrl,
    devnet: devnetManifest.parse(JSON.parse(readFileSync(started.manifestPath, 'utf8'))),
  }
  // An account holding what a visitor might: 1.5 ETH and a few tokens.
  const { privateKey } = await fundFreshAccount(stack, { funder: 5 })
  await desktop(browser, stack, privateKey)
  await phone(browser, stack, privateKey)
} finally {
  await browser.close()
  await started.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
