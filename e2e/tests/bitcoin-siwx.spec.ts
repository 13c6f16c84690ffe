import type { BitcoinTestWallet } from '@latch/test-wallet'
import type { Page } from '@playwright/test'
import {
  bitcoinAccount,
  bitcoinChain,
  connectBitcoin,
  devnetBitcoinWallet,
  devnetSatsConnectWallet,
} from '../bitcoin.ts'
import type { StackInfo } from '../fixtures.ts'
import { expect, test } from '../fixtures.ts'

// Bitcoin accounts of the devnet these tests use (others are other tests').
const STANDARD_SIGNER = 6
const SATS_SIGNER = 7

/** The session the server holds for the page's sign-in token. */
async function serverSession(page: Page, stack: StackInfo) {
  const stored = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('@latch/siwx_session'))) ?? 'null',
  ) as { token: string }
  const answer = await page.request.get(
    `${stack.serverUrl}/auth/v1/siwx/session?projectId=latch-dev`,
    { headers: { authorization: `Bearer ${stored.token}` } },
  )
  expect(answer.status()).toBe(200)
  return (await answer.json()) as { address: string; caipNetworkId: string }
}

/** The text of the last message the wallet was asked to sign, and how it signed it. */
function lastSigned(wallet: BitcoinTestWallet) {
  const request = [...wallet.requests].reverse().find((entry) => /signMessage$/.test(entry.method))
  const params = (request?.params[0] ?? {}) as { message?: string; text?: string }
  return params.text ?? Buffer.from(params.message ?? '', 'base64').toString()
}

test('Sign In With Bitcoin through the Wallet Standard wallet: a decline, BIP-322 for payment (P2WPKH), then for ordinals (P2TR), each verified by the server', async ({
  page,
  stack,
}) => {
  const chain = bitcoinChain(stack)
  const { payment, ordinals } = bitcoinAccount(stack, STANDARD_SIGNER)
  const wallet = await devnetBitcoinWallet(page, stack, STANDARD_SIGNER)
  await connectBitcoin(page, stack, /Latch Bitcoin Wallet/, '/?siwx=required')

  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await expect(signIn).toBeVisible()
  wallet.rejectNext('bitcoin:signMessage')
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(page.getByText('Signature declined')).toBeVisible()
  await expect(page.getByTestId('demo-siwx')).toHaveText('Not signed in')

  // Again: the wallet signs the CAIP-122 message, the server checks the BIP-322 signature.
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(signIn).toBeHidden()
  await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${payment.address}`)
  const message = lastSigned(wallet)
  expect(message).toMatch(/^127\.0\.0\.1:\d+ wants you to sign in with your Bitcoin account:\n/)
  expect(message).toContain(`\n${payment.address}\n`)
  expect(message).toContain(`Chain ID: ${chain.caipNetworkId.slice('bip122:'.length)}`)
  expect(await serverSession(page, stack)).toMatchObject({
    address: payment.address,
    caipNetworkId: chain.caipNetworkId,
  })

  // The ordinals address made active is another account: a sign-in of its own, P2TR's BIP-322.
  await page.getByTestId('latch-connect-button').click()
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('radiogroup', { name: 'Address' })
    .getByRole('radio', { name: /Ordinals/ })
    .click()
  await expect(signIn).toBeVisible()
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${ordinals.address}`)
  expect(lastSigned(wallet)).toContain(`\n${ordinals.address}\n`)
  expect(await serverSession(page, stack)).toMatchObject({ address: ordinals.address })

  // A reload keeps both the wallet and the session: nothing is asked again.
  await page.reload()
  await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${ordinals.address}`)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('Sign In With Bitcoin through the sats-connect wallet signing BIP-137, verified by the server', async ({
  page,
  stack,
}) => {
  const chain = bitcoinChain(stack)
  const { payment } = bitcoinAccount(stack, SATS_SIGNER)
  const wallet = await devnetSatsConnectWallet(page, stack, SATS_SIGNER, {
    messageProtocol: 'bip137',
  })
  await connectBitcoin(page, stack, /Latch Sats Wallet/, '/?siwx=required')
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(signIn).toBeHidden()
  await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${payment.address}`)
  expect(wallet.requests.at(-1)?.method).toBe('signMessage')
  expect(await serverSession(page, stack)).toMatchObject({
    address: payment.address,
    caipNetworkId: chain.caipNetworkId,
  })
})
