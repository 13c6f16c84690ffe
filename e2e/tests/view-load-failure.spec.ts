import { expect, test } from '../fixtures.ts'

test.describe('a view whose code cannot load', () => {
  test('says so inside the modal, the page stays, and Retry loads it once the network is back', async ({
    page,
    stack,
  }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    // The All Wallets view's chunk is lost on the way, for its preload and its first open alike.
    let lost = true
    let asked = 0
    await page.route(/\/assets\/AllWallets-[^/]+\.js$/, (route) => {
      asked++
      return lost ? route.abort('connectionrefused') : route.continue()
    })
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('button', { name: /All Wallets/ }).click()

    const modal = page.getByRole('dialog', { name: 'All Wallets' })
    const failed = modal.getByTestId('latch-view-failed')
    await expect(failed).toHaveText(
      /^Could not reach the network: check your connection and try again\s*Retry$/,
    )
    await expect(modal).not.toContainText('dynamically imported module')
    // The site's own page is still rendered around the modal.
    await expect(
      page.getByRole('heading', { name: 'A site that hosts the Latch kit' }),
    ).toBeVisible()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')

    // Still lost: Retry asks again and says so again.
    const before = asked
    await failed.getByRole('button', { name: 'Retry' }).click()
    await expect.poll(() => asked).toBe(before + 1)
    await expect(failed).toBeVisible()

    lost = false
    await failed.getByRole('button', { name: 'Retry' }).click()
    await expect(
      modal.getByRole('list', { name: 'All wallets' }).getByRole('button').first(),
    ).toBeVisible()
    await expect(failed).toHaveCount(0)
    // Back and forth works as before.
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    expect(errors).toEqual([])
  })
})
