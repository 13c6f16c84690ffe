import { expect, test } from '../fixtures.ts'
import { connectTestWallet } from '../wallet.ts'

// A visitor whose browser says they are in Shanghai: one of the default restricted time zones.
test.use({ timezoneId: 'Asia/Shanghai' })

test('in a restricted time zone the Account view offers no Buy and no Swap, and says why', async ({
  page,
  stack,
}) => {
  // Connecting sends nothing: the account of the NFT tests is only read here.
  await connectTestWallet(page, stack, { index: 5 })
  await page.getByTestId('latch-connect-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-balance')).toBeVisible()
  await expect(
    account.getByText('Buying crypto and swaps are not available in your region.'),
  ).toBeVisible()
  await expect(account.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(account.getByRole('button', { name: 'Receive' })).toBeVisible()
  await expect(account.getByRole('button', { name: 'Swap' })).toHaveCount(0)
  await expect(account.getByRole('button', { name: 'Buy' })).toHaveCount(0)
})
