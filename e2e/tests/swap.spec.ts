import type { Page } from '@playwright/test'
import { erc20Abi, parseUnits } from 'viem'
import { expect, type StackInfo, test } from '../fixtures.ts'
import { fundFreshAccount } from '../funding.ts'
import { connectTestWallet } from '../wallet.ts'

const FUNDER = 4

/** A fresh funded account, connected, with the modal's Swap view open. */
async function openSwap(page: Page, stack: StackInfo, options: { batches?: boolean } = {}) {
  const funded = await fundFreshAccount(stack, { funder: FUNDER })
  const batchExecutor = funded.chain.contracts.batchExecutor
  if (options.batches && !batchExecutor) throw new Error('the devnet has no batch executor')
  const wallet = await connectTestWallet(page, stack, {
    privateKey: funded.privateKey,
    ...(options.batches ? { batchExecutor } : {}),
  })
  await expect(page.getByTestId('demo-account')).toContainText(funded.fresh.address)
  await page.getByTestId('latch-connect-button').click()
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: 'Swap', exact: true })
    .click()
  const swap = page.getByRole('dialog', { name: 'Swap' })
  await expect(swap.getByLabel('You pay')).toBeVisible()

  const tokenAddress = (symbol: string) => {
    const token = funded.chain.tokens.find((candidate) => candidate.symbol === symbol)
    if (!token) throw new Error(`no ${symbol} on the devnet`)
    return token.address
  }
  const balanceOf = (symbol: string) =>
    funded.client.readContract({
      address: tokenAddress(symbol),
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [funded.fresh.address],
    })
  const nonce = () => funded.client.getTransactionCount({ address: funded.fresh.address })
  const sentTransactions = () =>
    wallet.requests.filter((request) => request.method === 'eth_sendTransaction').length
  return { ...funded, wallet, swap, balanceOf, nonce, sentTransactions }
}

/** The quote shown in 'You receive', once it is there, in the token's smallest unit. */
async function shownQuote(swap: ReturnType<Page['getByRole']>, decimals: number) {
  const output = swap.getByTestId('latch-swap-receive')
  await expect(output).toHaveText(/^\d+(\.\d+)?$/)
  await expect(output).not.toHaveText('0')
  return parseUnits((await output.textContent()) ?? '0', decimals)
}

test.describe('swap', () => {
  test('swaps ETH for USDC: the USDC arrives, at least the quote less 1%', async ({
    page,
    stack,
  }) => {
    const { swap, balanceOf } = await openSwap(page, stack)
    const before = await balanceOf('USDC')

    await expect(swap.getByRole('button', { name: 'Token to pay: ETH' })).toBeVisible()
    await expect(swap.getByRole('button', { name: 'Token to receive: USDC' })).toBeVisible()
    await expect(swap.getByTestId('latch-swap-pay-balance')).toHaveText('Balance: 1.5 ETH')
    const action = swap.getByTestId('latch-swap-action')
    await expect(action).toHaveText('Enter an amount')
    await expect(action).toBeDisabled()

    // More than held: said at once, no swap offered.
    await swap.getByLabel('You pay').fill('2')
    await expect(action).toHaveText('Insufficient balance')
    await expect(action).toBeDisabled()
    await swap.getByLabel('You pay').fill('abc')
    await expect(action).toHaveText('Invalid amount')
    await expect(swap.getByTestId('latch-swap-issue')).toHaveText('Enter a number, e.g. 0.1')

    await swap.getByLabel('You pay').fill('0.1')
    const quote = await shownQuote(swap, 6)
    // The devnet's pools price ETH at about 3000 USD: 0.1 ETH gives about 300 USDC.
    expect(quote).toBeGreaterThan(parseUnits('280', 6))
    expect(quote).toBeLessThan(parseUnits('305', 6))
    // About 3000 USDC, grouped the browser locale's way (en-US): "1 ETH = 2,987.5 USDC".
    await expect(swap.getByTestId('latch-swap-rate')).toHaveText(
      /^1 ETH = \d{1,3}(,\d{3})*(\.\d+)? USDC$/,
    )
    await expect(swap.getByTestId('latch-swap-price-impact')).toHaveText(/^(<0\.01|\d+\.\d\d)%$/)
    await expect(swap.getByTestId('latch-swap-network-fee')).toHaveText(/^(<\$0\.01|\$\d+\.\d\d)$/)
    await expect(swap.getByLabel('Slippage tolerance (%)')).toHaveValue('1')
    await expect(action).toHaveText('Swap')

    await action.click()
    await expect(swap.getByTestId('latch-swap-done')).toContainText(/Swapped 0\.1 ETH for \d/)
    await expect(page.getByTestId('latch-snackbar')).toHaveText(
      /^Swapped 0\.1 ETH for [\d.]+ USDC$/,
    )

    const received = (await balanceOf('USDC')) - before
    expect(received).toBeGreaterThanOrEqual((quote * 99n) / 100n)

    // The balances follow the swap: less ETH (0.1 and gas), more USDC.
    await swap.getByRole('button', { name: 'Swap again' }).click()
    await expect(swap.getByTestId('latch-swap-pay-balance')).toHaveText(/^Balance: 1\.39\d* ETH$/)
    await expect(swap.getByLabel('You pay')).toHaveValue('')
  })

  test('swaps USDC for DAI through the approval: two transactions, the DAI arrives', async ({
    page,
    stack,
  }) => {
    const { swap, balanceOf, nonce, sentTransactions } = await openSwap(page, stack)
    const before = {
      usdc: await balanceOf('USDC'),
      dai: await balanceOf('DAI'),
      nonce: await nonce(),
    }

    await swap.getByRole('button', { name: 'Token to pay: ETH' }).click()
    const picker = swap.getByTestId('latch-swap-token-picker')
    await picker.getByLabel('Search tokens').fill('zzz')
    await expect(picker.getByRole('status')).toHaveText('No token matches “zzz”')
    await picker.getByLabel('Search tokens').fill('usd')
    await expect(
      picker.getByRole('list', { name: 'Token to pay' }).getByRole('button'),
    ).toHaveCount(1)
    await picker.getByRole('button', { name: /^USDC/ }).click()
    // USDC was the token to receive: the two swapped places.
    await expect(swap.getByRole('button', { name: 'Token to receive: ETH' })).toBeVisible()
    await swap.getByRole('button', { name: 'Token to receive: ETH' }).click()
    await swap.getByRole('button', { name: /^DAI/ }).click()
    await expect(swap.getByRole('button', { name: 'Token to pay: USDC' })).toBeVisible()
    await expect(swap.getByRole('button', { name: 'Token to receive: DAI' })).toBeVisible()

    await swap.getByRole('button', { name: 'Max' }).click()
    await expect(swap.getByLabel('You pay')).toHaveValue('1234.5')
    await swap.getByLabel('You pay').fill('100')
    const quote = await shownQuote(swap, 18)
    const action = swap.getByTestId('latch-swap-action')
    await expect(action).toHaveText('Approve USDC')

    await action.click()
    await expect(swap.getByTestId('latch-swap-done')).toContainText(/Swapped 100 USDC for \d/)
    expect(sentTransactions()).toBe(2)
    expect(await nonce()).toBe(before.nonce + 2)
    expect(await balanceOf('USDC')).toBe(before.usdc - parseUnits('100', 6))
    expect((await balanceOf('DAI')) - before.dai).toBeGreaterThanOrEqual((quote * 99n) / 100n)
  })

  test("a wallet's own EIP-5792 batches: approve and swap in one request, one transaction", async ({
    page,
    stack,
  }) => {
    // The test wallet offers atomic batches as an EIP-7702 account does: one transaction to itself,
    // through the executor it delegates to.
    const { swap, wallet, balanceOf, nonce, sentTransactions, fresh, client } = await openSwap(
      page,
      stack,
      { batches: true },
    )
    const before = {
      usdc: await balanceOf('USDC'),
      dai: await balanceOf('DAI'),
      nonce: await nonce(),
    }
    await swap.getByRole('button', { name: 'Token to pay: ETH' }).click()
    await swap.getByRole('button', { name: /^USDC/ }).click()
    await swap.getByRole('button', { name: 'Token to receive: ETH' }).click()
    await swap.getByRole('button', { name: /^DAI/ }).click()
    await swap.getByLabel('You pay').fill('100')
    const quote = await shownQuote(swap, 18)
    // The approval goes with the swap: the button asks for the swap alone.
    const action = swap.getByTestId('latch-swap-action')
    await expect(action).toHaveText('Swap')

    await action.click()
    await expect(swap.getByTestId('latch-swap-done')).toContainText(/Swapped 100 USDC for \d/)
    const batches = wallet.requests.filter((request) => request.method === 'wallet_sendCalls')
    expect(batches).toHaveLength(1)
    expect((batches[0]?.params[0] as { calls?: unknown[] } | undefined)?.calls).toHaveLength(2)
    expect(sentTransactions()).toBe(0)
    // One transaction; the first batch's delegation (signed with the next nonce) takes one more.
    expect(await nonce()).toBe(before.nonce + 2)
    expect(await balanceOf('USDC')).toBe(before.usdc - parseUnits('100', 6))
    expect((await balanceOf('DAI')) - before.dai).toBeGreaterThanOrEqual((quote * 99n) / 100n)
    // The account delegates to the executor now (EIP-7702's designator is its code).
    expect(await client.getCode({ address: fresh.address })).toMatch(/^0xef0100/)
  })

  test('declined in the wallet: a clear message, nothing on chain, the amount kept', async ({
    page,
    stack,
  }) => {
    const { swap, wallet, balanceOf, nonce } = await openSwap(page, stack)
    const before = { usdc: await balanceOf('USDC'), nonce: await nonce() }

    await swap.getByLabel('You pay').fill('0.05')
    await shownQuote(swap, 6)
    const action = swap.getByTestId('latch-swap-action')
    await expect(action).toHaveText('Swap')
    wallet.rejectNext('eth_sendTransaction')
    await action.click()

    await expect(swap.getByTestId('latch-swap-issue')).toHaveText('Signature declined')
    await expect(swap.getByLabel('You pay')).toHaveValue('0.05')
    await expect(swap.getByRole('button', { name: 'Token to pay: ETH' })).toBeVisible()
    await expect(swap.getByRole('button', { name: 'Token to receive: USDC' })).toBeVisible()
    await expect(action).toHaveText('Swap')
    await expect(action).toBeEnabled()
    expect(await nonce()).toBe(before.nonce)
    expect(await balanceOf('USDC')).toBe(before.usdc)
  })
})
