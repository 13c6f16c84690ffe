import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { devnetWallet } from '../wallet.ts'

/** The kit's lines in the page's console (`[latch] ...`), as the site's developer reads them. */
function kitConsoleLines(page: Page): string[] {
  const lines: string[] = []
  page.on('console', (message) => {
    if (message.text().startsWith('[latch]')) lines.push(`${message.type()}: ${message.text()}`)
  })
  return lines
}

/**
 * The demo's Connect modal as a visitor with an EIP-6963 wallet opens it on a site set up wrong:
 * the alert says what is wrong in plain words, no email or social login is offered, and the
 * wallet is listed and connects.
 */
async function connectDespite(page: Page, alert: { title: string; message: string }) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(modal.getByRole('alert')).toHaveText(`${alert.title}${alert.message}`)
  await expect(modal.getByRole('textbox', { name: 'Email' })).toHaveCount(0)
  await expect(modal.getByRole('button', { name: /^Log in with/ })).toHaveCount(0)
  await modal.getByRole('button', { name: /Latch Test Wallet/ }).click()
  await expect(modal).toBeHidden()
}

test.describe('a site set up wrong', () => {
  test('whose server does not answer names its URL, and the browser wallet still connects', async ({
    page,
    stack,
  }) => {
    const wallet = await devnetWallet(page, stack)
    const lines = kitConsoleLines(page)
    // Nothing listens at the site's serverUrl: every request there is refused, as by a closed port.
    await page.route(`${stack.serverUrl}/**`, (route) => route.abort('connectionrefused'))
    await page.goto(stack.demoUrl)

    await connectDespite(page, {
      title: 'Service Unreachable',
      message:
        "This site's wallet service could not be reached. Wallets installed in your browser still work, but some features are unavailable.",
    })
    await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))
    expect(lines).toEqual([
      `error: [latch] Service Unreachable: the Latch server at ${stack.serverUrl} did not answer. Check the serverUrl option and that the server is running; until then only wallets installed in the browser are offered.`,
    ])
  })

  test('on an origin its project does not allow says so at once, naming the origin', async ({
    page,
    stack,
  }) => {
    // The demo on a name of this machine that the project does not list (the browser resolves
    // every *.localhost to loopback; the server allows only localhost itself in development).
    const url = new URL(stack.demoUrl)
    url.hostname = 'shop.localhost'
    const { origin } = url
    const wallet = await devnetWallet(page, stack)
    const lines = kitConsoleLines(page)
    await page.goto(url.toString())

    await connectDespite(page, {
      title: 'Invalid App Configuration',
      message:
        "This site's wallet service is not set up correctly. Wallets installed in your browser still work, but some features are unavailable.",
    })
    await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))
    expect(lines).toEqual([
      `error: [latch] Invalid App Configuration: the Latch server at ${stack.serverUrl} refuses pages on ${origin} for project "latch-dev". Add ${origin} to the project's allowed origins: DEV_PROJECT_ORIGINS in the server's environment (comma-separated; unset, it is CORS_ORIGINS), then restart the server; until then only wallets installed in the browser are offered.`,
    ])
  })
})
