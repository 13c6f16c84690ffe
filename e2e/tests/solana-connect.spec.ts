import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { devnetSolanaWallet, sendSol, solanaChain } from '../solana.ts'

// Solana accounts of the devnet these tests use (others are other tests'); 6 sends from Node.
const WALLET_ACCOUNT = 8
const SENDER = 6

test('a Wallet Standard Solana wallet: connect, reload, SOL and USDC, Activity, Receive, no Swap', async ({
  page,
  stack,
}) => {
  const chain = solanaChain(stack)
  const wallet = await devnetSolanaWallet(page, stack, WALLET_ACCOUNT)
  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
  const walletButton = modal.getByRole('button', { name: /Latch Solana Wallet/ })
  await expect(walletButton).toContainText('Installed')
  await walletButton.click()

  await expect(modal).toBeHidden()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${wallet.address} on ${chain.name}`,
  )
  await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))
  expect(wallet.requests.map((request) => request.method)).toEqual(['standard:connect'])

  // A reload restores the session without asking the visitor again.
  await page.reload()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${wallet.address} on ${chain.name}`,
  )
  expect(wallet.requests.at(-1)?.params[0]).toEqual({ silent: true })

  await page.getByTestId('latch-connect-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-view-address')).toHaveText(short(wallet.address))
  await expect(account.getByTestId('latch-account-balance')).toContainText('1,000 SOL')
  // The devnet funds each account with 1,000 SOL and 100,000 USDC.
  await expect(
    account.getByTestId('latch-token-row').getByTestId('latch-token-quantity'),
  ).toHaveText(['1,000 SOL', '100,000 USDC'])

  // Someone sends SOL from Node: the transfer shows in Activity.
  const signature = await sendSol(stack, SENDER, wallet.address, 250_000_000n)
  await account.getByRole('tab', { name: 'Activity' }).click()
  const received = account.locator(`[data-testid="latch-activity-row"][data-hash="${signature}"]`)
  await expect(async () => {
    await account.getByRole('tab', { name: 'Tokens' }).click()
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect(received).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await expect(received).toContainText('Received')
  await expect(received).toContainText('+0.25 SOL')

  // Receive: the QR code holds a solana: URI, and only the Solana network is listed.
  await account.getByRole('button', { name: 'Receive' }).click()
  const receive = page.getByTestId('latch-receive')
  await expect(
    receive.getByRole('img', { name: `QR code of solana:${wallet.address}` }),
  ).toBeVisible()
  await expect(receive.getByTestId('latch-receive-address')).toHaveText(wallet.address)
  await expect(receive.getByRole('list', { name: 'Networks' })).toHaveText(chain.name)

  // Swaps and the on-ramp serve EVM networks only: a Solana account has no button for them, and
  // the Swap view, opened by the site all the same, says so.
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(account.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(account.getByRole('button', { name: 'Swap' })).toHaveCount(0)
  await expect(account.getByRole('button', { name: 'Buy' })).toHaveCount(0)
  await page.evaluate(() =>
    (
      window as unknown as { latchDemo: { modal: { open(options: { view: string }): void } } }
    ).latchDemo.modal.open({ view: 'Swap' }),
  )
  await expect(page.getByRole('dialog', { name: 'Swap' })).toContainText(
    'Network not supported for Swaps',
  )
})
