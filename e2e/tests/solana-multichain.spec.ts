import { bitcoinChain } from '../bitcoin.ts'
import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { devnetMultichainWallet, solanaChain } from '../solana.ts'

// The devnet's EVM and Solana accounts 9: no other test uses them.
const ACCOUNT = 9

test('a wallet offering EVM and Solana: listed once, connects both, Networks switches between them', async ({
  page,
  stack,
}) => {
  const chain = solanaChain(stack)
  const wallet = await devnetMultichainWallet(page, stack, ACCOUNT)
  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
  const rows = modal.getByRole('button', { name: /Latch Multichain Wallet/ })
  // Announced by EIP-6963 and registered by the Wallet Standard: one row.
  await expect(rows).toHaveCount(1)
  await rows.click()

  // Both namespaces connect; the site's first family (EVM) stays the active one.
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${wallet.evm.address} on Latch Devnet`,
  )
  await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.evm.address))
  expect(wallet.solana.requests.map((request) => request.method)).toEqual(['standard:connect'])

  // Networks lists every family's networks; the Solana one makes Solana the active family.
  await page.getByTestId('latch-connect-button').click()
  await page.getByRole('button', { name: /Change network/ }).click()
  const networks = page.getByRole('dialog', { name: 'Choose Network' })
  await expect(networks.getByRole('list', { name: 'Networks' }).getByRole('button')).toHaveText([
    'Latch DevnetActive',
    'Latch Devnet 2',
    chain.name,
    bitcoinChain(stack).name,
  ])
  await networks.getByRole('button', { name: chain.name }).click()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${wallet.solana.address} on ${chain.name}`,
  )
  await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.solana.address))
  // The wallet was asked nothing more: its Solana account was connected already.
  expect(wallet.solana.requests.map((request) => request.method)).toEqual(['standard:connect'])

  // The modal is back on the Account view, now of the Solana account; back to an EVM network.
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-view-address')).toHaveText(
    short(wallet.solana.address),
  )
  await account.getByRole('button', { name: /Change network/ }).click()
  await page
    .getByRole('dialog', { name: 'Choose Network' })
    .getByRole('button', { name: 'Latch Devnet 2' })
    .click()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${wallet.evm.address} on Latch Devnet 2`,
  )

  await expect(account.getByTestId('latch-account-view-address')).toHaveText(
    short(wallet.evm.address),
  )

  // Both stay connected after a reload, on the family the visitor left.
  await page.reload()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${wallet.evm.address} on Latch Devnet 2`,
  )
  await page.getByTestId('latch-connect-button').click()
  await page.getByRole('button', { name: /Change network/ }).click()
  await page
    .getByRole('dialog', { name: 'Choose Network' })
    .getByRole('button', { name: chain.name })
    .click()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${wallet.solana.address} on ${chain.name}`,
  )

  // Disconnect ends both namespaces: after a reload neither comes back.
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: 'Disconnect' })
    .click()
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  expect(wallet.solana.requests.at(-1)?.method).toBe('standard:disconnect')
})
