import type { Page } from '@playwright/test'
import { generateKeyPairSigner } from '@solana/kit'
import type { StackInfo } from '../fixtures.ts'
import { expect, test } from '../fixtures.ts'
import { devnetSolanaWallet, solanaChain } from '../solana.ts'

// Solana accounts of the devnet these tests use (others are other tests').
const SENDER = 3
const DECLINER = 4
const SIGNER = 5

type Balances = { balances: { symbol: string; quantity: { numeric: string } }[] }

/** What the server says an address holds on the devnet's Solana chain, read afresh. */
async function serverBalances(page: Page, stack: StackInfo, address: string) {
  const chain = solanaChain(stack)
  const answer = await page.request.get(
    `${stack.serverUrl}/v1/account/${address}/balance?currency=usd&chainId=${chain.caipNetworkId}&projectId=latch-dev&forceUpdate=true`,
  )
  expect(answer.status()).toBe(200)
  const { balances } = (await answer.json()) as Balances
  return Object.fromEntries(balances.map((entry) => [entry.symbol, entry.quantity.numeric]))
}

/** Connects the devnet's Solana account `index` through the Wallet Standard test wallet. */
async function connectSolana(page: Page, stack: StackInfo, index: number, path = '') {
  const wallet = await devnetSolanaWallet(page, stack, index)
  await page.goto(`${stack.demoUrl}${path}`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: /Latch Solana Wallet/ }).click()
  return wallet
}

/** Opens Send from the Account view. */
async function openSend(page: Page) {
  await page.getByTestId('latch-connect-button').click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Send' }).click()
  return page.getByRole('dialog', { name: 'Send' })
}

/** Picks `symbol` in the token picker, fills the amount and receiver, and asks for the review. */
async function fill(
  send: ReturnType<Page['getByRole']>,
  symbol: string,
  amount: string,
  to: string,
) {
  await send.getByTestId('latch-send-token').click()
  await send
    .getByRole('list', { name: 'Tokens to send' })
    .getByRole('button', { name: new RegExp(`^${symbol}`) })
    .click()
  await send.getByLabel('Amount').fill(amount)
  await send.getByLabel('Receiver').fill(to)
  await send.getByRole('button', { name: 'Review' }).click()
}

test('sends SOL, then USDC, to fresh addresses: mined, balances and Activity update', async ({
  page,
  stack,
}) => {
  const chain = solanaChain(stack)
  await connectSolana(page, stack, SENDER)
  const send = await openSend(page)

  // The picker lists SOL and the SPL tokens the account holds.
  await send.getByTestId('latch-send-token').click()
  const tokens = send.getByRole('list', { name: 'Tokens to send' })
  await expect(tokens.getByRole('button')).toHaveCount(2)
  await expect(tokens.getByRole('button', { name: /^SOL/ })).toBeVisible()
  await expect(tokens.getByRole('button', { name: /^USDC/ })).toBeVisible()
  await send.getByRole('button', { name: 'Back to send' }).click()

  const solReceiver = (await generateKeyPairSigner()).address
  await fill(send, 'SOL', '0.5', solReceiver)
  const review = send.getByTestId('latch-send-review')
  await expect(review).toContainText('Send 0.5 SOL')
  await expect(review).toContainText(`to ${solReceiver}`)
  await expect(review).toContainText(`on ${chain.name}`)
  // The fee the node priced for the transfer as built: exact, so no "up to".
  await expect(review.getByTestId('latch-send-fee')).toHaveText('Network fee: 0.000005 SOL')
  await review.getByRole('button', { name: 'Send' }).click()
  const sent = send.getByTestId('latch-send-sent')
  await expect(sent).toHaveAttribute('data-status', 'confirmed')
  await expect(sent).toContainText(`0.5 SOL to ${solReceiver}`)
  const solSignature = await sent.getByTestId('latch-send-hash').getAttribute('title')
  expect((await serverBalances(page, stack, solReceiver)).SOL).toBe('0.5')

  // Back on the Account view: the balance read again, the transfer in Activity.
  await sent.getByRole('button', { name: 'Done' }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-balance')).toContainText('999.49')
  await account.getByRole('tab', { name: 'Activity' }).click()
  const row = account.locator(`[data-testid="latch-activity-row"][data-hash="${solSignature}"]`)
  await expect(row).toContainText('-0.5 SOL')

  // USDC to another fresh address: its token account is created, its rent (2,039,280 lamports) in
  // the fee, to the lamport.
  await account.getByRole('button', { name: 'Send' }).click()
  const usdcReceiver = (await generateKeyPairSigner()).address
  await fill(send, 'USDC', '12.5', usdcReceiver)
  await expect(review).toContainText('Send 12.5 USDC')
  await expect(review.getByTestId('latch-send-fee')).toHaveText(
    "Network fee: 0.00204428 SOL (includes 0.00203928 SOL to create the receiver's token account)",
  )
  await review.getByRole('button', { name: 'Send' }).click()
  await expect(sent).toHaveAttribute('data-status', 'confirmed')
  const usdcSignature = await sent.getByTestId('latch-send-hash').getAttribute('title')
  expect((await serverBalances(page, stack, usdcReceiver)).USDC).toBe('12.5')
  await sent.getByRole('button', { name: 'Done' }).click()
  await account.getByRole('tab', { name: 'Tokens' }).click()
  await expect(
    account.getByTestId('latch-token-row').getByTestId('latch-token-quantity'),
  ).toContainText(['99,987.5 USDC'])
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(
    account.locator(`[data-testid="latch-activity-row"][data-hash="${usdcSignature}"]`),
  ).toContainText('-12.5 USDC')
})

test('a declined signature, an amount above the balance and a bad receiver: nothing moves', async ({
  page,
  stack,
}) => {
  const wallet = await connectSolana(page, stack, DECLINER)
  const before = await serverBalances(page, stack, wallet.address)
  const send = await openSend(page)

  // The Solana address rule for a receiver that is not one.
  await fill(send, 'SOL', '0.1', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await expect(send.getByRole('alert')).toHaveText(
    'Invalid receiver address. A Solana address is 32 to 44 base58 characters.',
  )

  // More than the account holds: said in the form, nothing to send.
  const receiver = (await generateKeyPairSigner()).address
  await send.getByLabel('Amount').fill('5000')
  await send.getByLabel('Receiver').fill(receiver)
  await send.getByRole('button', { name: 'Review' }).click()
  await expect(send.getByRole('alert')).toHaveText('Insufficient SOL balance')
  await expect(send.getByTestId('latch-send-review')).toHaveCount(0)

  // The whole balance: it cannot pay the fee too, so Send stays off.
  await send.getByLabel('Amount').fill(before.SOL ?? '')
  await send.getByRole('button', { name: 'Review' }).click()
  const review = send.getByTestId('latch-send-review')
  await expect(review.getByRole('alert')).toHaveText(
    'Not enough SOL for the network fee: you need 0.000005 SOL more',
  )
  await expect(review.getByRole('button', { name: 'Send' })).toBeDisabled()

  // Declined in the wallet: the review says so, and nothing moved.
  await review.getByRole('button', { name: 'Edit' }).click()
  await send.getByLabel('Amount').fill('0.25')
  await send.getByRole('button', { name: 'Review' }).click()
  wallet.rejectNext()
  await review.getByRole('button', { name: 'Send' }).click()
  await expect(review.getByRole('alert')).toHaveText('Signature declined')
  await expect(review.getByRole('button', { name: 'Send' })).toBeEnabled()
  expect(await serverBalances(page, stack, wallet.address)).toEqual(before)
  expect((await serverBalances(page, stack, receiver)).SOL ?? '0').toBe('0')
})

test('Sign In With Solana, required by the site: a decline, then a session the server verified', async ({
  page,
  stack,
}) => {
  const chain = solanaChain(stack)
  const wallet = await devnetSolanaWallet(page, stack, SIGNER)
  await page.goto(`${stack.demoUrl}/?siwx=required`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: /Latch Solana Wallet/ }).click()

  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await expect(signIn).toBeVisible()
  wallet.rejectNext('solana:signMessage')
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(page.getByText('Signature declined')).toBeVisible()
  await expect(page.getByTestId('demo-siwx')).toHaveText('Not signed in')

  // Again: the wallet signs, the server checks the ed25519 signature and holds the session.
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

  // A reload restores the wallet silently and keeps the session: no new sign-in is asked.
  await page.reload()
  await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${wallet.address}`)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
