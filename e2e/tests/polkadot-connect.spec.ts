import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import {
  connectPolkadot,
  devnetPolkadotWallet,
  polkadotAccount,
  polkadotChain,
} from '../polkadot.ts'
import { readQrCode } from '../qr.ts'

// Polkadot accounts of the devnet these tests use (others are other tests').
const FIRST = 2
const SECOND = 3

test('a Polkadot extension: connect, named accounts in the chain prefix, pick one, reload, balance, Receive, disconnect', async ({
  page,
  stack,
}) => {
  const chain = polkadotChain(stack)
  const first = polkadotAccount(stack, FIRST)
  const second = polkadotAccount(stack, SECOND)
  const wallet = await devnetPolkadotWallet(page, stack, [FIRST, SECOND])
  await connectPolkadot(page, stack, /Polkadot\.js/)

  // The first account, on the devnet's Polkadot network: Polkadot becomes the active family.
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${first.address} on ${chain.name}`,
  )
  expect(wallet.requests[0]).toMatchObject({
    method: 'enable',
    params: [{ appName: expect.any(String) }],
  })

  // A reload restores the session without asking the visitor again.
  await page.reload()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${first.address} on ${chain.name}`,
  )

  await page.getByTestId('latch-connect-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-view-address')).toHaveText(short(first.address))
  // The devnet funds each account with 10,000 of its coin.
  await expect(account.getByTestId('latch-account-balance')).toHaveText(
    new RegExp(`^10,?000 ${chain.nativeCurrency.symbol}$`),
  )
  // The extension's accounts by their names, the first checked; the other picked.
  const addresses = account.getByRole('radiogroup', { name: 'Address' })
  await expect(addresses.getByRole('radio')).toHaveText([
    `${first.name}${short(first.address)}`,
    `${second.name}${short(second.address)}`,
  ])
  await addresses.getByRole('radio', { name: new RegExp(second.name) }).click()
  await expect(account.getByTestId('latch-account-view-address')).toHaveText(short(second.address))
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${second.address} on ${chain.name}`,
  )

  // Receive: the plain SS58 address in the QR code (Polkadot wallets scan no URI scheme), the
  // Polkadot network only.
  await account.getByRole('button', { name: 'Receive' }).click()
  const receive = page.getByTestId('latch-receive')
  const qr = receive.getByRole('img', { name: `QR code of the address ${second.address}` })
  await expect(qr).toBeVisible()
  expect(await readQrCode(qr)).toBe(second.address)
  await expect(receive.getByTestId('latch-receive-address')).toHaveText(second.address)
  await expect(receive.getByRole('list', { name: 'Networks' })).toHaveText(chain.name)
  await page.getByRole('button', { name: 'Back' }).click()

  // The account picked stays picked over a reload.
  await page.keyboard.press('Escape')
  await page.reload()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${second.address} on ${chain.name}`,
  )

  // Disconnect ends it: a reload does not bring it back.
  await page.getByTestId('latch-connect-button').click()
  await account.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
})

test('a declined connection in the extension says so, and connects on a second try', async ({
  page,
  stack,
}) => {
  const chain = polkadotChain(stack)
  const first = polkadotAccount(stack, FIRST)
  const wallet = await devnetPolkadotWallet(page, stack, [FIRST], { extension: 'talisman' })
  wallet.rejectNext('enable')
  await connectPolkadot(page, stack, /Talisman/)
  const connecting = page.getByRole('dialog')
  await expect(connecting).toContainText('Connection declined')
  await connecting.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${first.address} on ${chain.name}`,
  )
})
