import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import {
  createPublicClient,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { connectedAddress, loginWithEmail, walletFrame } from '../embedded.ts'
import { expect, type StackInfo, test } from '../fixtures.ts'
import { sendEther, sendToken } from '../funding.ts'
import { freshEmail } from '../mail.ts'
import { demoAccount, embeddedAccounts, userOperationsIn } from '../smartAccount.ts'

// Email users get a smart account on EVM: the LatchAccount their embedded key owns, shown (and
// funded) at its counterfactual address before it exists, deployed by its first transaction,
// batching approve + swap as one user operation, beside the owner EOA the visitor may switch to.

const FUNDER = 2
const RECEIVER_INDEX = 8
const factoryAbi = parseAbi([
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

function chainOf(stack: StackInfo) {
  const chain = stack.devnet.chains[0]
  if (!chain) throw new Error('no devnet chain')
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const tokenOf = (symbol: string) => {
    const token = chain.tokens.find((candidate) => candidate.symbol === symbol)
    if (!token) throw new Error(`no ${symbol} on the devnet`)
    return token
  }
  const balanceOf = (symbol: string, owner: Hex) =>
    client.readContract({
      address: tokenOf(symbol).address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })
  return { chain, client, tokenOf, balanceOf }
}

/** Opens the Account view from the connect button. */
async function openAccount(page: Page) {
  await page.getByTestId('latch-connect-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account).toBeVisible()
  return account
}

/**
 * Approves the request on the frame's approval screen (its buttons come alive after a delay); the
 * kit's view is titled after the request ('Signature Request' for a message).
 */
async function approveInFrame(page: Page, stack: StackInfo, title = 'Approve Transaction') {
  await expect(page.getByRole('dialog', { name: title })).toBeVisible()
  const screen = (await walletFrame(page, stack)).getByTestId('latch-approve')
  await expect(screen).toHaveAttribute('data-state', 'waiting')
  const approve = screen.locator('[data-action="approve"]')
  await expect(approve).toBeEnabled()
  return { screen, approve }
}

test.describe('the smart account of an email user', () => {
  test("gets the factory's counterfactual address, receives ETH and tokens before it exists, and its first send deploys it", async ({
    page,
    stack,
  }) => {
    test.setTimeout(120_000)
    const { chain, client, balanceOf } = chainOf(stack)
    await page.goto(stack.demoUrl)
    const shown = await loginWithEmail(page, stack, freshEmail('smart'))
    const { smart, owner } = await embeddedAccounts(page)
    expect(shown).toBe(smart)
    expect(smart).not.toBe(owner)
    const fromFactory = await client.readContract({
      address: chain.contracts.latchAccountFactory,
      abi: factoryAbi,
      functionName: 'getAddress',
      args: [owner, 0n],
    })
    expect(smart).toBe(fromFactory)
    expect(await client.getCode({ address: smart })).toBeUndefined()
    expect(await demoAccount(page)).toMatchObject({
      preferredAccountTypes: { eip155: 'smartAccount' },
      smartAccountDeployed: false,
    })

    // Funds reach it before it exists: the kit shows them (read again on the next visit).
    await sendEther(stack, { funder: FUNDER, to: smart, ether: '0.05' })
    await sendToken(stack, { funder: FUNDER, to: smart, symbol: 'USDC', amount: '12.5' })
    expect(await client.getCode({ address: smart })).toBeUndefined()
    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(smart)
    const account = await openAccount(page)
    await expect(account.getByTestId('latch-account-type-name')).toHaveText('Smart account')
    await expect(account.getByTestId('latch-account-balance')).toHaveText('0.05 ETH')

    // Its first transaction: a user operation that deploys it.
    const receiver = stack.devnet.accounts[RECEIVER_INDEX]?.address as Hex
    const before = await client.getBalance({ address: receiver })
    await account.getByRole('button', { name: 'Send' }).click()
    const send = page.getByRole('dialog', { name: 'Send' })
    await send.getByRole('button', { name: 'Token: Choose a token' }).click()
    await send
      .getByRole('list', { name: 'Tokens to send' })
      .getByRole('button', { name: /ETH/ })
      .click()
    await send.getByLabel('Receiver').fill(receiver)
    await send.getByLabel('Amount').fill('0.01')
    await send.getByRole('button', { name: 'Review' }).click()
    // The fee the Send view checks is the user operation's (deploying the account), as the wallet
    // estimates it: well above a plain transfer's 21,000 gas.
    const fee = send.getByTestId('latch-send-fee')
    await expect(fee).toHaveText(/^Network fee: up to 0\.\d+ ETH/)
    const shownFee = parseEther(/0\.\d+/.exec((await fee.textContent()) ?? '')?.[0] ?? '0')
    const plainTransferFee = 21_000n * (await client.estimateFeesPerGas()).maxFeePerGas
    expect(shownFee).toBeGreaterThan(5n * plainTransferFee)
    await send.getByRole('button', { name: 'Send', exact: true }).click()
    const { screen, approve } = await approveInFrame(page, stack)
    // The screen names the account that pays: the smart account, and what the operation may cost.
    await expect(screen).toContainText(smart)
    await expect(screen).toContainText(/Network fee\s*up to 0\.\d+ ETH/)
    await approve.click()

    const sent = page.getByRole('dialog', { name: 'Send' }).getByTestId('latch-send-sent')
    await expect(sent).toHaveAttribute('data-status', 'confirmed')
    expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('0.01'))
    expect(await client.getCode({ address: smart })).not.toBeUndefined()
    // The fee came out of the smart account; the owner's key holds nothing and sent nothing.
    expect(await client.getBalance({ address: smart })).toBeLessThan(parseEther('0.04'))
    expect(await client.getBalance({ address: owner })).toBe(0n)
    expect(await client.getTransactionCount({ address: owner })).toBe(0)
    await expect.poll(async () => (await demoAccount(page)).smartAccountDeployed).toBe(true)
    // The tokens it received before it existed are its own: the Tokens tab, read again once the
    // send was mined, lists them.
    expect(await balanceOf('USDC', smart)).toBe(parseUnits('12.5', 6))
    await sent.getByRole('button', { name: 'Done' }).click()
    await expect(
      page
        .getByRole('dialog', { name: 'Account' })
        .getByTestId('latch-token-row')
        .filter({ hasText: 'USDC' }),
    ).toContainText('12.5')
  })

  test('switches to the owner EOA and back with the toast: the address, balance and choice follow', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.demoUrl)
    await loginWithEmail(page, stack, freshEmail('switch'))
    const { smart, owner } = await embeddedAccounts(page)
    await sendEther(stack, { funder: FUNDER, to: smart, ether: '0.003' })
    await sendEther(stack, { funder: FUNDER, to: owner, ether: '0.007' })
    // The balances as the next visit reads them.
    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(smart)

    const account = await openAccount(page)
    await expect(account.getByTestId('latch-account-balance')).toHaveText('0.003 ETH')
    await account.getByRole('button', { name: 'Switch to your EOA' }).click()
    await expect(account.getByTestId('latch-account-type-name')).toHaveText('EOA')
    await expect(page.getByTestId('demo-account')).toContainText(owner)
    await expect(account.getByTestId('latch-account-balance')).toHaveText('0.007 ETH')
    await expect(account.getByTestId('latch-account-view-address')).toHaveText(
      new RegExp(`^${owner.slice(0, 6)}`),
    )
    // Switching to the EOA needs no warning.
    await expect(page.getByTestId('latch-snackbar')).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('@latch/preferred_account_types'))).toBe(
      JSON.stringify({ eip155: 'eoa' }),
    )

    // The choice outlives the visit.
    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(owner)
    expect(await connectedAddress(page)).toBe(owner)

    const again = await openAccount(page)
    await again.getByRole('button', { name: 'Switch to your smart account' }).click()
    await expect(page.getByTestId('latch-snackbar')).toHaveText(
      'This application might not support Smart Accounts',
    )
    await expect(again.getByTestId('latch-account-type-name')).toHaveText('Smart account')
    await expect(page.getByTestId('demo-account')).toContainText(smart)
    await expect(again.getByTestId('latch-account-balance')).toHaveText('0.003 ETH')
    expect(await page.evaluate(() => localStorage.getItem('@latch/preferred_account_types'))).toBe(
      JSON.stringify({ eip155: 'smartAccount' }),
    )
  })

  test('swaps USDC for DAI with approve and swap in one batch: one user operation', async ({
    page,
    stack,
  }) => {
    test.setTimeout(120_000)
    const { client, balanceOf } = chainOf(stack)
    await page.goto(stack.demoUrl)
    await loginWithEmail(page, stack, freshEmail('batch'))
    const { smart } = await embeddedAccounts(page)
    await sendEther(stack, { funder: FUNDER, to: smart, ether: '0.05' })
    await sendToken(stack, { funder: FUNDER, to: smart, symbol: 'USDC', amount: '100' })
    const daiBefore = await balanceOf('DAI', smart)
    // The server keeps an account's balances 30 s: the site asks for them afresh, as the kit does
    // itself once a transaction of the account is mined.
    await page.evaluate(
      ({ address, chainId }) =>
        (
          window as unknown as {
            latchDemo: {
              balances: {
                refresh(target: { address: string; chainId: string; force: boolean }): Promise<void>
              }
            }
          }
        ).latchDemo.balances.refresh({ address, chainId, force: true }),
      { address: smart, chainId: `eip155:${stack.devnet.chains[0]?.chainId}` },
    )

    const account = await openAccount(page)
    await account.getByRole('button', { name: 'Swap', exact: true }).click()
    const swap = page.getByRole('dialog', { name: 'Swap' })
    await swap.getByRole('button', { name: 'Token to pay: ETH' }).click()
    await swap.getByRole('button', { name: /^USDC/ }).click()
    await swap.getByRole('button', { name: 'Token to receive: ETH' }).click()
    await swap.getByRole('button', { name: /^DAI/ }).click()
    await swap.getByLabel('You pay').fill('40')
    await expect(swap.getByTestId('latch-swap-receive')).not.toHaveText('0')
    // The smart account batches: the approval goes with the swap, so the button asks for the swap.
    await expect(swap.getByTestId('latch-swap-action')).toHaveText('Swap')
    await swap.getByTestId('latch-swap-action').click()

    // One approval screen for the whole batch, each call decoded.
    const { screen, approve } = await approveInFrame(page, stack)
    await expect(screen).toHaveAttribute('data-method', 'wallet_sendCalls')
    await expect(screen).toContainText('Call 1 of 2: Approve USDC')
    await expect(screen).toContainText('Call 2 of 2: Swap USDC for DAI')
    await expect(screen).toContainText('40 USDC')
    await approve.click()

    await expect(swap.getByTestId('latch-swap-done')).toContainText(/Swapped 40 USDC for \d/)
    expect(await balanceOf('USDC', smart)).toBe(parseUnits('60', 6))
    expect(await balanceOf('DAI', smart)).toBeGreaterThan(daiBefore)
    // The swap's transaction carried exactly one user operation of the account, which succeeded:
    // the approval and the swap were one operation.
    const hash = await page.evaluate(
      () =>
        (
          window as unknown as { latchDemo: { swap: { state: { get(): { txHash?: string } } } } }
        ).latchDemo.swap.state.get().txHash,
    )
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await client.getTransactionReceipt({ hash: hash as Hex })
    expect(userOperationsIn(receipt.logs)).toEqual([
      expect.objectContaining({ sender: smart, success: true, nonce: 0n }),
    ])
  })
})

test.describe('sign-in with the smart account', () => {
  test('signs in before the account exists: the server verifies its ERC-6492 signature', async ({
    page,
    stack,
  }) => {
    await page.goto(`${stack.demoUrl}/?siwx=required`)
    await loginWithEmail(page, stack, freshEmail('smart-siwx'))
    const { smart } = await embeddedAccounts(page)
    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    const { screen, approve } = await approveInFrame(page, stack, 'Signature Request')
    await expect(screen).toContainText(smart)
    await approve.click()
    await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${smart}`)
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('@latch/siwx_session'))) ?? 'null',
    ) as { token: string }
    const session = await page.request.get(
      `${stack.serverUrl}/auth/v1/siwx/session?projectId=latch-dev`,
      { headers: { authorization: `Bearer ${stored.token}` } },
    )
    expect(session.status()).toBe(200)
    expect((await session.json()).address).toBe(smart)
  })
})

test.describe('a name for the smart account', () => {
  test('registers a name by the undeployed account’s signature, which the server verifies', async ({
    page,
    stack,
  }) => {
    const label = `smart-${randomBytes(3).toString('hex')}`
    const name = `${label}.latch.id`
    await page.goto(stack.demoUrl)
    await loginWithEmail(page, stack, freshEmail('smart-name'))
    const { smart } = await embeddedAccounts(page)
    const account = await openAccount(page)
    await account.getByRole('button', { name: 'Choose a name' }).click()
    const register = page.getByRole('dialog')
    await register.getByLabel('Name').fill(label)
    await expect(register.getByText('Available')).toBeVisible()
    await register.getByRole('button', { name: 'Register' }).click()
    const { screen, approve } = await approveInFrame(page, stack, 'Signature Request')
    await expect(screen).toContainText(`Name: ${name}`)
    await expect(screen).toContainText(`Address: ${smart}`)
    await approve.click()
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: new RegExp(name) }),
    ).toBeVisible()
    const identity = await page.request.get(
      `${stack.serverUrl}/v1/identity/${smart}?projectId=latch-dev`,
    )
    expect((await identity.json()).name).toBe(name)
  })
})
