import { readFileSync } from 'node:fs'
import { installSolanaTestWallet } from '@latch/test-wallet'
import { chromium } from 'playwright-core'

const dataDir = process.argv[2] ?? '/tmp/fresh/.data'
const demo = process.argv[3] ?? 'http://127.0.0.1:15173'
const manifest = JSON.parse(readFileSync(`${dataDir}/devnet.json`, 'utf8'))
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
await installSolanaTestWallet(context, {
  secretKey: manifest.solana.accounts[4].secretKey,
  rpcUrl: manifest.solana.rpcUrl,
  chains: [manifest.solana.caipNetworkId],
  info: { name: 'Walk Solana Wallet' },
})
const page = await context.newPage()
const errors: string[] = []
page.on('pageerror', (e) => errors.push(e.message))
page.on('response', async (r) => { if (r.status() >= 400) errors.push(`${r.status()} ${r.request().method()} ${r.url()} ${(await r.text().catch(() => '')).slice(0, 200)}`) })
page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`) })
await page.goto(demo)
await page.getByRole('button', { name: 'Connect Wallet' }).click()
await page.waitForTimeout(800)
await page.screenshot({ path: '/tmp/walk/s1-connect.png' })
await page.getByRole('dialog').getByRole('button', { name: /Walk Solana Wallet/ }).first().click()
await page.waitForTimeout(2500)
await page.screenshot({ path: '/tmp/walk/s2-after.png' })
await page.getByTestId('latch-connect-button').click()
await page.waitForTimeout(2000)
await page.screenshot({ path: '/tmp/walk/s3-account.png' })
await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click().catch((e) => errors.push(String(e)))
await page.waitForTimeout(1500)
await page.screenshot({ path: '/tmp/walk/s4-send.png' })
console.log(errors)
await browser.close()
