import { expect, test } from '../fixtures.ts'
import { connectTestWallet, devnetWallet } from '../wallet.ts'

test.describe('sign in with the wallet, required', () => {
  test('the modal stays until signed; the server holds the session; reload keeps it; sign-out ends it', async ({
    page,
    stack,
  }) => {
    const wallet = await devnetWallet(page, stack, { index: 1 })
    await page.goto(`${stack.demoUrl}/?siwx=required`)
    await expect(page.getByTestId('demo-siwx')).toHaveText('Not signed in')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('button', { name: /Latch Test Wallet/ }).click()

    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    await expect(signIn).toBeVisible()
    // Closing is refused while sign-in is required and there is no session.
    await page.keyboard.press('Escape')
    await expect(signIn).toBeVisible()

    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(signIn).toBeHidden()
    await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${wallet.address}`)
    await expect(page.getByTestId('demo-events').getByText('SIWX_AUTH_SUCCESS')).toHaveCount(1)

    // The site's backend checks the session by its token.
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('@latch/siwx_session'))) ?? 'null',
    ) as { token: string }
    const check = () =>
      page.request.get(`${stack.serverUrl}/auth/v1/siwx/session?projectId=latch-dev`, {
        headers: { authorization: `Bearer ${stored.token}` },
      })
    const live = await check()
    expect(live.status()).toBe(200)
    expect((await live.json()).address).toBe(wallet.address)

    await page.reload()
    await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${wallet.address}`)
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByTestId('demo-siwx')).toHaveText('Not signed in')
    expect((await check()).status()).toBe(401)
  })

  test('switching to a chain the session does not cover asks for a new sign-in', async ({
    page,
    stack,
  }) => {
    const wallet = await connectTestWallet(page, stack, { index: 1, path: '/?siwx=required' })
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Sign', exact: true })
      .click()
    await expect(page.getByTestId('demo-siwx')).toContainText('on chain 31337')

    await page.getByTestId('latch-connect-button').click()
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: /Change network/ })
      .click()
    await page
      .getByRole('dialog', { name: 'Choose Network' })
      .getByRole('button', { name: /Latch Devnet 2/ })
      .click()
    expect(await wallet.chainId()).toBe(31338)
    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    await expect(signIn).toBeVisible()
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(page.getByTestId('demo-siwx')).toContainText('on chain 31338')
  })

  test('cancelling the sign-in disconnects', async ({ page, stack }) => {
    await connectTestWallet(page, stack, { index: 1, path: '/?siwx=required' })
    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    await signIn.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    await expect(page.getByTestId('demo-events').getByText('CLICK_CANCEL_SIWX')).toHaveCount(1)
  })
})
