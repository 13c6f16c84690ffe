import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@latch/test-wallet'
import { createWcTestWallet } from '@latch/test-wallet/walletconnect'
import { chromium, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { startStack } from '../scripts/stack.ts'

const RUNS = 10

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  Number.NaN
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

// Written as a string: tsx's name-keeping helper would not exist inside the page. Resolves with the
// wall-clock time at which the page first showed a connected account.
const CONNECTED_AT = `new Promise((resolve) => {
  const done = () => {
    const text = document.querySelector('[data-testid="demo-account"]')?.textContent ?? ''
    if (!text.startsWith('Connected')) return false
    resolve(performance.timeOrigin + performance.now())
    return true
  }
  if (done()) return
  const observer = new MutationObserver(() => { if (done()) observer.disconnect() })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
})`

async function readQr(page: Page): Promise<string> {
  const qr = page.getByRole('dialog').getByRole('img', { name: /QR code/ })
  await qr.waitFor()
  const png = PNG.sync.read(await qr.screenshot())
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  if (!code) throw new Error('QR code unreadable')
  return code.data
}

/**
 * `bench/walletconnect`: the JavaScript (gzip) the demo loads when the visitor picks WalletConnect,
 * and the time from the wallet approving the session to the page showing the account, over the
 * devnet's local relay, in the production build.
 */
export async function benchWalletConnect(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-bench-'))
  const stack = await startStack({
    ports: { chains: [0, 0], relay: 0, server: 0, frame: 0, demo: 0 },
    dataDir,
    demoMode: 'preview',
    serverEnv: { LOG_LEVEL: 'warn' },
  })
  const { devnet } = stack
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const approveToAccount: number[] = []
  let wcBytes = 0
  let wcFiles = 0
  try {
    for (let run = 0; run < RUNS; run++) {
      const wallet = await createWcTestWallet({
        relayUrl: devnet.manifest.walletConnect.relayUrl,
        projectId: devnet.manifest.walletConnect.projectId,
        privateKeys: [devnet.manifest.accounts[run % 10]?.privateKey as `0x${string}`],
        chains: devnet.manifest.chains.map((chain) => ({
          id: chain.chainId,
          rpcUrl: chain.rpcUrl,
        })),
      })
      const context = await browser.newContext({ deviceScaleFactor: 2 })
      const page = await context.newPage()
      let measuring = false
      const pending: Promise<void>[] = []
      page.on('response', (response) => {
        if (!measuring || !(response.headers()['content-type'] ?? '').includes('javascript')) return
        pending.push(
          response.body().then(
            (body) => {
              wcBytes += gzipSync(body, { level: 9 }).length
              wcFiles += 1
            },
            () => {},
          ),
        )
      })
      await page.goto(stack.demoUrl, { waitUntil: 'networkidle' })
      await page.getByTestId('latch-connect-button').click()
      measuring = run === 0
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /WalletConnect/ })
        .click()
      const uri = await readQr(page)
      await page.waitForLoadState('networkidle')
      measuring = false
      await Promise.all(pending)

      await wallet.pair(uri)
      const connectedAt = page.evaluate(CONNECTED_AT) as Promise<number>
      const approvedAt = Date.now()
      await wallet.approve()
      approveToAccount.push((await connectedAt) - approvedAt)
      await context.close()
      await wallet.close()
    }
    console.log(
      `JS loaded when WalletConnect is chosen: ${kib(wcBytes)} gzip in ${wcFiles} file(s) (the WalletConnect client + the QR view)`,
    )
    console.log(
      `wallet approves -> page shows the account: p50 ${percentile(approveToAccount, 0.5).toFixed(0)} ms, max ${Math.max(...approveToAccount).toFixed(0)} ms over ${RUNS} pairings (local relay)`,
    )
  } finally {
    await browser.close()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWalletConnect()
