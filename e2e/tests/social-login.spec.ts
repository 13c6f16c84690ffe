import type { Page } from '@playwright/test'
import { connectedAddress, frameSessionToken } from '../embedded.ts'
import { expect, test } from '../fixtures.ts'

/**
 * Goes through the devnet OpenID Connect provider's pages in the popup until it closes: its login
 * form (a returning visitor, known by the provider's own cookie, skips it) and its consent page.
 */
async function loginAtProvider(popup: Page, login: string): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!popup.isClosed() && Date.now() < deadline) {
    try {
      const loginField = popup.locator('input[name="login"]')
      const submit = popup.locator('button[type="submit"]')
      await submit.waitFor({ timeout: 2_000 })
      if (await loginField.isVisible()) {
        await loginField.fill(login)
        await popup.locator('input[name="password"]').fill('any password')
      }
      await submit.click({ timeout: 2_000 })
      await popup.waitForLoadState('domcontentloaded', { timeout: 2_000 })
    } catch (error) {
      // The popup closed between two steps: the login is done.
      if (!popup.isClosed()) throw error
    }
  }
}

/**
 * Opens the demo and the modal once the project's settings are in: they can shorten the social
 * list, which moves the buttons under a click that comes before them.
 */
async function openConnect(page: Page, url: string): Promise<void> {
  const settings = page.waitForResponse((response) => response.url().includes('/appkit/v1/config'))
  await page.goto(url)
  await settings
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByTestId('latch-socials')).toBeVisible()
}

test.describe('social login through the devnet OpenID Connect provider', () => {
  test('a popup logs in, the page connects, the user is the same on the next login', async ({
    page,
    stack,
  }) => {
    const login = `social-${Date.now().toString(36)}@example.test`
    await openConnect(page, stack.demoUrl)
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog').getByRole('button', { name: /Dev/ }).click(),
    ])
    await expect(page.getByRole('dialog')).toContainText(/popup/i)
    expect(
      new URL(popup.url()).origin === stack.devnet.oidc?.issuer || popup.url() === 'about:blank',
    ).toBe(true)
    await loginAtProvider(popup, login)
    await expect.poll(() => popup.isClosed()).toBe(true)
    await expect(page.getByTestId('demo-account')).toContainText('Connected')
    const address = await connectedAddress(page)
    expect(await frameSessionToken(page, stack)).toBeTruthy()

    // Same account at the provider, same wallet.
    await page.getByRole('button', { name: /0x/ }).first().click()
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const [again] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog').getByRole('button', { name: /Dev/ }).click(),
    ])
    await loginAtProvider(again, login).catch(() => {
      // The provider may remember the login (its own session cookie) and skip its pages.
    })
    await expect(page.getByTestId('demo-account')).toContainText(address)
  })

  test('closing the popup cancels the login', async ({ page, stack }) => {
    await openConnect(page, stack.demoUrl)
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog').getByRole('button', { name: /Dev/ }).click(),
    ])
    await popup.close()
    await expect(page.getByRole('dialog')).toContainText(/cancel/i)
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })
})
