import type { DevnetManifest } from '@latch/devnet'
import { installPolkadotTestWallet } from '@latch/test-wallet'
import type { Browser } from '@playwright/test'
import { kib, type Loaded, recordScripts, sum } from './loadedScripts.ts'

// Text only the Polkadot family's chunks hold, to name them among the page's (their file names are
// the bundler's): the family reads `injectedWeb3`, the extensions' entry point.
const FAMILY_MARK = 'injectedWeb3'

const polkadotCode = (files: Loaded[]) => files.filter((file) => file.text.includes(FAMILY_MARK))

/** The Polkadot code an EVM-only page loads, with the modal open: none is expected. */
async function evmOnly(browser: Browser, demoUrl: string): Promise<void> {
  const page = await browser.newPage()
  const scripts = recordScripts(page)
  try {
    await page.goto(`${demoUrl}?families=eip155`)
    await page.getByTestId('latch-connect-button').waitFor()
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').waitFor()
    await page.waitForLoadState('networkidle')
    await scripts.settled()
    const family = polkadotCode(scripts.loaded)
    console.log(
      `Polkadot code on an EVM-only page (modal open): ${kib(sum(family))} gzip in ${family.length} file(s), of ${kib(sum(scripts.loaded))} loaded`,
    )
  } finally {
    await page.close()
  }
}

/**
 * `bench/bundle`'s Polkadot figures: 0 bytes of Polkadot code on an EVM-only page; on the demo with
 * the devnet's Polkadot chain, the family's chunk (loaded with the page), what more loads when an
 * extension connects, and what the first send loads from opening Send to the transfer included (the
 * Send view; no chain client: the server builds the payload and submits the signed extrinsic).
 */
export async function measurePolkadotWallet(
  browser: Browser,
  demoUrl: string,
  devnet: DevnetManifest,
): Promise<void> {
  await evmOnly(browser, demoUrl)
  const polkadot = devnet.polkadot
  const [first, second] = polkadot?.accounts ?? []
  if (!polkadot || !first || !second) {
    console.log('the devnet has no Polkadot chain: no Polkadot wallet figures')
    return
  }
  const context = await browser.newContext()
  const page = await context.newPage()
  await installPolkadotTestWallet(page, { accounts: [{ seed: first.suri, name: first.name }] })
  const scripts = recordScripts(page)
  try {
    await page.goto(`${demoUrl}?families=eip155,polkadot`)
    await page.getByTestId('latch-connect-button').waitFor()
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const walletButton = page.getByRole('button', { name: /Polkadot\.js/ })
    await walletButton.waitFor()
    await page.waitForLoadState('networkidle')
    await scripts.settled()
    const clickedAt = Date.now()
    await walletButton.click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.waitForLoadState('networkidle')
    await scripts.settled()
    const connecting = scripts.loaded.filter((file) => file.at >= clickedAt)

    await page.getByTestId('latch-connect-button').click()
    const sendButton = page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Send' })
    await sendButton.waitFor()
    await page.waitForLoadState('networkidle')
    await scripts.settled()
    // From opening Send (its view loads then) to the transfer included: all a first send costs.
    const sendAt = Date.now()
    await sendButton.click()
    const send = page.getByRole('dialog', { name: 'Send' })
    await send.getByTestId('latch-send-token').click()
    await send
      .getByRole('list', { name: 'Tokens to send' })
      .getByRole('button', { name: new RegExp(`^${polkadot.nativeCurrency.symbol}`) })
      .click()
    await send.getByLabel('Amount').fill('1')
    await send.getByLabel('Receiver').fill(second.address)
    await send.getByRole('button', { name: 'Review' }).click()
    const review = send.getByTestId('latch-send-review')
    await review.getByRole('button', { name: 'Send' }).click()
    await send.locator('[data-testid="latch-send-sent"][data-status="confirmed"]').waitFor()
    await page.waitForLoadState('networkidle')
    await scripts.settled()
    const firstSend = scripts.loaded.filter((file) => file.at >= sendAt)

    const family = polkadotCode(scripts.loaded)
    console.log(
      `Polkadot family chunk (loaded with the page when a Polkadot network is configured): ${kib(sum(family))} gzip in ${family.length} file(s)`,
    )
    console.log(
      `JS loaded from the click on a Polkadot extension to connected: ${kib(sum(connecting))} gzip in ${connecting.length} file(s), of which Polkadot code ${kib(sum(polkadotCode(connecting)))}`,
    )
    console.log(
      `JS the first Polkadot send loads (Send view to included: review, signPayload, submit; no chain client): ${kib(sum(firstSend))} gzip in ${firstSend.length} file(s), of which Polkadot code ${kib(sum(polkadotCode(firstSend)))}`,
    )
    if (process.env.BENCH_VERBOSE)
      for (const file of family)
        console.log(`  polkadot   ${kib(file.gzip).padStart(10)}  ${new URL(file.url).pathname}`)
  } finally {
    await context.close()
  }
}
