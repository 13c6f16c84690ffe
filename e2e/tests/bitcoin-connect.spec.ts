import {
  bitcoinAccount,
  bitcoinChain,
  connectBitcoin,
  devnetBitcoinWallet,
  devnetSatsConnectWallet,
} from '../bitcoin.ts'
import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { readQrCode } from '../qr.ts'

// Bitcoin accounts of the devnet these tests use (others are other tests').
const STANDARD_ACCOUNT = 1
const SATS_ACCOUNT = 2

test('a Bitcoin Wallet Standard wallet: connect, payment active, reload, balances, ordinals, Receive, disconnect', async ({
  page,
  stack,
}) => {
  const chain = bitcoinChain(stack)
  const { payment, ordinals } = bitcoinAccount(stack, STANDARD_ACCOUNT)
  const wallet = await devnetBitcoinWallet(page, stack, STANDARD_ACCOUNT)
  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
  const walletButton = modal.getByRole('button', { name: /Latch Bitcoin Wallet/ })
  await expect(walletButton).toContainText('Installed')
  await walletButton.click()

  // The payment address is the account, on the devnet's Bitcoin network.
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${payment.address} on ${chain.name}`,
  )
  expect(wallet.requests.map((request) => request.method)).toEqual(['bitcoin:connect'])
  expect(wallet.requests[0]?.params[0]).toEqual({ purposes: ['payment', 'ordinals'] })

  // A reload restores the session without asking the visitor again.
  await page.reload()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${payment.address} on ${chain.name}`,
  )
  expect(wallet.requests.at(-1)?.params[0]).toMatchObject({ silent: true })

  await page.getByTestId('latch-connect-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-view-address')).toHaveText(short(payment.address))
  // The devnet funds each payment address with 10 BTC, each ordinals address with 0.001 BTC.
  await expect(account.getByTestId('latch-account-balance')).toHaveText('10 BTC')
  await expect(
    account.getByTestId('latch-token-row').getByTestId('latch-token-quantity'),
  ).toHaveText(['10 BTC'])
  // The wallet's two addresses with the purposes it gave them, payment checked.
  const addresses = account.getByRole('radiogroup', { name: 'Address' })
  await expect(addresses.getByRole('radio', { checked: true })).toHaveText(
    `Payment${short(payment.address)}`,
  )
  await addresses.getByRole('radio', { name: /Ordinals/ }).click()
  await expect(account.getByTestId('latch-account-view-address')).toHaveText(
    short(ordinals.address),
  )
  await expect(account.getByTestId('latch-account-balance')).toHaveText('0.001 BTC')
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${ordinals.address} on ${chain.name}`,
  )

  // Receive: the address and a BIP-21 bitcoin: URI in the QR code, the Bitcoin network only.
  await account.getByRole('button', { name: 'Receive' }).click()
  const receive = page.getByTestId('latch-receive')
  const qr = receive.getByRole('img', { name: `QR code of bitcoin:${ordinals.address}` })
  await expect(qr).toBeVisible()
  expect(await readQrCode(qr)).toBe(`bitcoin:${ordinals.address}`)
  await expect(receive.getByTestId('latch-receive-address')).toHaveText(ordinals.address)
  await expect(receive.getByRole('list', { name: 'Networks' })).toHaveText(chain.name)
  await page.getByRole('button', { name: 'Back' }).click()

  // The address picked stays picked over a reload; back to payment.
  await page.keyboard.press('Escape')
  await page.reload()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${ordinals.address} on ${chain.name}`,
  )
  await page.getByTestId('latch-connect-button').click()
  await account
    .getByRole('radiogroup', { name: 'Address' })
    .getByRole('radio', { name: /Payment/ })
    .click()
  await expect(account.getByTestId('latch-account-view-address')).toHaveText(short(payment.address))

  // Networks lists the devnet's Bitcoin network, current.
  await account.getByRole('button', { name: /Change network/ }).click()
  const networks = page.getByRole('dialog', { name: 'Choose Network' })
  await expect(networks.getByRole('button', { name: chain.name })).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()

  // Disconnect ends it, in the wallet too: a reload does not bring it back.
  await account.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  expect(wallet.requests.at(-1)?.method).toBe('standard:disconnect')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
})

test('a sats-connect wallet (Xverse-style provider): connect, reload, balance, a decline says so', async ({
  page,
  stack,
}) => {
  const chain = bitcoinChain(stack)
  const { payment } = bitcoinAccount(stack, SATS_ACCOUNT)
  const wallet = await devnetSatsConnectWallet(page, stack, SATS_ACCOUNT)

  // Declined in the wallet: the Connecting view says so and offers to try again.
  wallet.rejectNext('getAccounts')
  await connectBitcoin(page, stack, /Latch Sats Wallet/)
  const connecting = page.getByRole('dialog')
  await expect(connecting).toContainText('Connection declined')
  await connecting.getByRole('button', { name: 'Try again' }).click()

  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${payment.address} on ${chain.name}`,
  )
  expect(wallet.requests.map((request) => request.method)).toEqual(['getAccounts', 'getAccounts'])
  await page.reload()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${payment.address} on ${chain.name}`,
  )
  expect(wallet.requests.at(-1)?.method).toBe('wallet_getAccount')
  await page.getByTestId('latch-connect-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-balance')).toHaveText('10 BTC')
  await expect(account.getByRole('radiogroup', { name: 'Address' }).getByRole('radio')).toHaveText([
    /^Payment/,
    /^Ordinals/,
  ])
})
