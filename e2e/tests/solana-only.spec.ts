import type { Page } from '@playwright/test'
import { generateKeyPairSigner } from '@solana/kit'
import type { StackInfo } from '../fixtures.ts'
import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { devnetSolanaWallet, sendSol, solanaChain } from '../solana.ts'

// The demo with the devnet's Solana network only (`?families=solana`): a Solana-only site.
// Solana accounts of the devnet these tests use (others are other tests'): 11 connects and sends,
// 12 signs in, 10 sends to 11 from Node.
const WALLET_ACCOUNT = 11
const SIGNER = 12
const SENDER = 10

/**
 * Counts the EIP-6963 requests the page makes (wagmi asks for EVM wallets as its config is built):
 * a page without EVM networks must make none, as it loads no wagmi.
 */
async function countEvmWalletRequests(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const counted = window as unknown as { __evmWalletRequests: number }
    counted.__evmWalletRequests = 0
    window.addEventListener('eip6963:requestProvider', () => {
      counted.__evmWalletRequests++
    })
  })
  return () =>
    page.evaluate(() => (window as unknown as { __evmWalletRequests: number }).__evmWalletRequests)
}

/** What the server says an address holds on the devnet's Solana chain, read afresh. */
async function serverSol(page: Page, stack: StackInfo, address: string): Promise<string> {
  const answer = await page.request.get(
    `${stack.serverUrl}/v1/account/${address}/balance?currency=usd&chainId=${solanaChain(stack).caipNetworkId}&projectId=latch-dev&forceUpdate=true`,
  )
  expect(answer.status()).toBe(200)
  const { balances } = (await answer.json()) as {
    balances: { symbol: string; quantity: { numeric: string } }[]
  }
  return balances.find((entry) => entry.symbol === 'SOL')?.quantity.numeric ?? '0'
}

test('a Solana-only site: connect, balances, Activity, Receive, Send SOL, Networks; no EVM code', async ({
  page,
  stack,
}) => {
  const chain = solanaChain(stack)
  const evmWalletRequests = await countEvmWalletRequests(page)
  const wallet = await devnetSolanaWallet(page, stack, WALLET_ACCOUNT)
  await page.goto(`${stack.demoUrl}/?families=solana`)

  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
  const walletButton = modal.getByRole('button', { name: /Latch Solana Wallet/ })
  await expect(walletButton).toContainText('Installed')
  // Email and social login connect through the EVM family: a Solana-only site offers neither.
  await expect(modal.getByLabel('Email')).toHaveCount(0)
  await walletButton.click()
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${wallet.address} on ${chain.name}`,
  )
  await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))

  // Balances: the devnet funds each account with 1,000 SOL and 100,000 USDC.
  await page.getByTestId('latch-connect-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-view-address')).toHaveText(short(wallet.address))
  await expect(account.getByTestId('latch-account-balance')).toContainText('1,000 SOL')
  await expect(
    account.getByTestId('latch-token-row').getByTestId('latch-token-quantity'),
  ).toHaveText(['1,000 SOL', '100,000 USDC'])

  // Activity: a transfer sent to the account from Node shows up.
  const received = await sendSol(stack, SENDER, wallet.address, 250_000_000n)
  await account.getByRole('tab', { name: 'Activity' }).click()
  const receivedRow = account.locator(`[data-testid="latch-activity-row"][data-hash="${received}"]`)
  await expect(async () => {
    await account.getByRole('tab', { name: 'Tokens' }).click()
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect(receivedRow).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await expect(receivedRow).toContainText('+0.25 SOL')

  // Receive: a solana: URI in the QR code, the Solana network listed.
  await account.getByRole('button', { name: 'Receive' }).click()
  const receive = page.getByTestId('latch-receive')
  await expect(
    receive.getByRole('img', { name: `QR code of solana:${wallet.address}` }),
  ).toBeVisible()
  await expect(receive.getByRole('list', { name: 'Networks' })).toHaveText(chain.name)
  await page.getByRole('button', { name: 'Back' }).click()

  // Send SOL to a fresh address: confirmed on the chain, and in Activity.
  await account.getByRole('button', { name: 'Send' }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  const receiver = (await generateKeyPairSigner()).address
  await send.getByTestId('latch-send-token').click()
  await send
    .getByRole('list', { name: 'Tokens to send' })
    .getByRole('button', { name: /^SOL/ })
    .click()
  await send.getByLabel('Amount').fill('0.5')
  await send.getByLabel('Receiver').fill(receiver)
  await send.getByRole('button', { name: 'Review' }).click()
  const review = send.getByTestId('latch-send-review')
  await expect(review).toContainText('Send 0.5 SOL')
  await expect(review).toContainText(`on ${chain.name}`)
  await review.getByRole('button', { name: 'Send' }).click()
  const sent = send.getByTestId('latch-send-sent')
  await expect(sent).toHaveAttribute('data-status', 'confirmed')
  const signature = await sent.getByTestId('latch-send-hash').getAttribute('title')
  expect(await serverSol(page, stack, receiver)).toBe('0.5')
  await sent.getByRole('button', { name: 'Done' }).click()
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(
    account.locator(`[data-testid="latch-activity-row"][data-hash="${signature}"]`),
  ).toContainText('-0.5 SOL')

  // Networks: the site's one network, active; choosing it keeps the account.
  await account.getByRole('button', { name: /Change network/ }).click()
  const networks = page.getByRole('dialog', { name: 'Choose Network' })
  await expect(networks.getByRole('list', { name: 'Networks' }).getByRole('button')).toHaveText([
    `${chain.name}Active`,
  ])
  await networks.getByRole('button', { name: chain.name }).click()
  await expect(account.getByTestId('latch-account-view-address')).toHaveText(short(wallet.address))

  // A reload restores the wallet silently; the page never asked for an EVM wallet.
  await page.reload()
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${wallet.address} on ${chain.name}`,
  )
  expect(wallet.requests.at(-1)?.params[0]).toEqual({ silent: true })
  expect(await evmWalletRequests()).toBe(0)
})

test('a Solana-only site that requires sign-in: Sign In With Solana, verified by the server', async ({
  page,
  stack,
}) => {
  const chain = solanaChain(stack)
  const wallet = await devnetSolanaWallet(page, stack, SIGNER)
  await page.goto(`${stack.demoUrl}/?families=solana&siwx=required`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: /Latch Solana Wallet/ }).click()

  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(signIn).toBeHidden()
  await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${wallet.address}`)
  const stored = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('@latch/siwx_session'))) ?? 'null',
  ) as { token: string }
  const session = await page.request.get(
    `${stack.serverUrl}/auth/v1/siwx/session?projectId=latch-dev`,
    { headers: { authorization: `Bearer ${stored.token}` } },
  )
  expect(session.status()).toBe(200)
  expect(await session.json()).toMatchObject({
    address: wallet.address,
    caipNetworkId: chain.caipNetworkId,
  })
})
