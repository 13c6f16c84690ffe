import type { DevnetManifest } from '@latch/devnet'
import { installBitcoinTestWallet } from '@latch/test-wallet'
import type { Browser } from '@playwright/test'
import { kib, type Loaded, recordScripts, sum } from './loadedScripts.ts'

// Text only the Bitcoin family's chunks hold, to name them among the page's (their file names are
// the bundler's): the family itself, and its transfer code (PSBTs and signature checks).
const FAMILY_MARK = 'bitcoin-standard:'
const TRANSFER_MARK = 'The wallet did not sign the transaction'

/**
 * The bytes of the Bitcoin family in the demo (its networks configured): what loads with the page
 * (the family's chunk, with `start()`), what more loads when a Bitcoin wallet connects, and what
 * the first send loads (the PSBT and signature code: @scure/btc-signer and @noble/curves).
 */
export async function measureBitcoinWallet(
  browser: Browser,
  demoUrl: string,
  devnet: DevnetManifest,
): Promise<void> {
  const bitcoin = devnet.bitcoin
  const [account] = bitcoin?.accounts ?? []
  if (!bitcoin || !account) {
    console.log('the devnet has no Bitcoin chain: no Bitcoin figures')
    return
  }
  const context = await browser.newContext()
  const page = await context.newPage()
  await installBitcoinTestWallet(page, {
    keys: account,
    esploraUrl: bitcoin.esploraUrl,
    info: { name: 'Bench Bitcoin Wallet' },
  })
  const scripts = recordScripts(page)
  try {
    await page.goto(demoUrl)
    await page.getByTestId('latch-connect-button').waitFor()
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const walletButton = page.getByRole('button', { name: /Bench Bitcoin Wallet/ })
    await walletButton.waitFor()
    await page.waitForLoadState('networkidle')
    await scripts.settled()
    const clickedAt = Date.now()
    await walletButton.click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.waitForLoadState('networkidle')
    await scripts.settled()
    const connectedAt = Date.now()
    const beforeConnect = scripts.loaded.filter((file) => file.at < connectedAt)
    const connecting = beforeConnect.filter((file) => file.at >= clickedAt)

    // The first send: Send, BTC, an amount and a receiver, then the review reckons the fee.
    await page.getByTestId('latch-connect-button').click()
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Send' })
      .click()
    const send = page.getByRole('dialog', { name: 'Send' })
    await send.getByTestId('latch-send-token').click()
    await send
      .getByRole('list', { name: 'Tokens to send' })
      .getByRole('button', { name: /^BTC/ })
      .click()
    await send.getByLabel('Amount').fill('0.001')
    await send.getByLabel('Receiver').fill(account.ordinals.address)
    const reviewAt = Date.now()
    await send.getByRole('button', { name: 'Review' }).click()
    await send.getByTestId('latch-send-review').waitFor()
    await page.waitForLoadState('networkidle')
    await scripts.settled()

    const family = scripts.loaded.filter((file) => file.text.includes(FAMILY_MARK))
    const transfer = scripts.loaded.filter((file) => file.text.includes(TRANSFER_MARK))
    const afterReview = scripts.loaded.filter((file) => file.at >= reviewAt)
    console.log(
      `Bitcoin family chunk (loaded with the page when a Bitcoin network is configured): ${kib(sum(family))} gzip in ${family.length} file(s)`,
    )
    const bitcoinCode = (files: Loaded[]) =>
      files.filter((file) => file.text.includes(FAMILY_MARK) || file.text.includes(TRANSFER_MARK))
    console.log(
      `JS loaded from the click on a Bitcoin wallet to connected: ${kib(sum(connecting))} gzip in ${connecting.length} file(s), of which Bitcoin code ${kib(sum(bitcoinCode(connecting)))} (the rest: views the open modal preloads, any wallet's); by then the page loaded ${kib(sum(beforeConnect))} in ${beforeConnect.length} file(s)`,
    )
    console.log(
      `JS the first Bitcoin send loads (Send view, fee, PSBT and signature checks): ${kib(sum(afterReview))} gzip in ${afterReview.length} file(s), of which the transfer code ${kib(sum(transfer))}`,
    )
    if (process.env.BENCH_VERBOSE) {
      for (const file of connecting)
        console.log(`  connect    ${kib(file.gzip).padStart(10)}  ${new URL(file.url).pathname}`)
      for (const file of afterReview)
        console.log(`  first send ${kib(file.gzip).padStart(10)}  ${new URL(file.url).pathname}`)
    }
  } finally {
    await context.close()
  }
}
