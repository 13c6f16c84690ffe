import { expect, test } from '../fixtures.ts'
import { connectTestWallet, moveWalletToChain } from '../wallet.ts'

test('a wallet on a network the site does not list: a wrong-network button, the Account view says which, Send, Swap and Buy are off', async ({
  page,
  stack,
}) => {
  const wallet = await connectTestWallet(page, stack)
  await expect(page.getByTestId('demo-account')).toContainText('on Latch Devnet')

  await moveWalletToChain(page, 999, stack.devnet.chains[0]?.rpcUrl ?? '')
  const prompt = page.getByRole('dialog', { name: 'Switch Network' })
  await expect(prompt).toBeVisible()
  await prompt.getByRole('button', { name: 'Close' }).click()
  await expect(prompt).toBeHidden()

  // The button warns, and opens the network picker.
  const button = page.getByTestId('latch-connect-button')
  await expect(button).toHaveText('Wrong network')
  await expect(button).toHaveAttribute('data-state', 'wrong-network')
  await button.click()
  await expect(prompt).toBeVisible()
  await expect(prompt.getByRole('button', { name: 'Latch Devnet 2' })).toBeVisible()
  await prompt.getByRole('button', { name: 'Close' }).click()

  // The site opens its Account view: it names chain 999, not the network the wallet left.
  await page.evaluate(() =>
    (window as unknown as { latchDemo: { modal: { open(): void } } }).latchDemo.modal.open(),
  )
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-wrong-network').getByRole('alert')).toHaveText(
    'Chain 999 is not supported by this site',
  )
  await expect(account.getByRole('button', { name: /Latch Devnet/ })).toHaveCount(0)
  await expect(account.getByTestId('latch-account-balance')).toHaveCount(0)
  await expect(account.getByText('…', { exact: true })).toHaveCount(0)
  for (const action of ['Send', 'Swap', 'Buy'])
    await expect(account.getByRole('button', { name: action, exact: true })).toBeDisabled()
  await expect(account.getByRole('button', { name: 'Receive', exact: true })).toBeEnabled()

  // Switch network leads back to one of the site's.
  await account.getByRole('button', { name: 'Switch network' }).click()
  await page
    .getByRole('dialog', { name: 'Choose Network' })
    .getByRole('button', { name: 'Latch Devnet 2' })
    .click()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${wallet.address} on Latch Devnet 2`,
  )
  await expect(account.getByRole('button', { name: /Latch Devnet 2/ })).toBeVisible()
  await expect(account.getByTestId('latch-account-balance')).toContainText('ETH')
  await expect(account.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
  await expect(button).not.toHaveText('Wrong network')
})
