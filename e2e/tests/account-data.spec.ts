import { createWalletClient, erc20Abi, type Hex, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from '../fixtures.ts'
import { fundFreshAccount } from '../funding.ts'
import { connectTestWallet } from '../wallet.ts'

const SENDER = 2

test('the Tokens and Activity tabs show the account on the devnet', async ({ page, stack }) => {
  const { privateKey, fresh, chain, client, transport, viemChain, amounts } =
    await fundFreshAccount(stack, { funder: 3 })
  await connectTestWallet(page, stack, { privateKey })
  await expect(page.getByTestId('demo-account')).toHaveText(
    `Connected ${fresh.address} on Latch Devnet`,
  )

  await page.getByTestId('latch-connect-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByRole('tab')).toHaveText(['Tokens', 'NFTs', 'Activity'])
  const rows = account.getByTestId('latch-token-row')
  await expect(rows).toHaveCount(4)
  // Quantities with the browser locale's (en-US) thousands separators: 1234.5 shows as 1,234.5.
  expect(amounts.USDC).toBe('1234.5')
  await expect(rows.locator('[data-testid="latch-token-quantity"]')).toHaveText([
    '1.5 ETH',
    '1,234.5 USDC',
    `${amounts.DAI} DAI`,
    `${amounts.WBTC} WBTC`,
  ])
  // The devnet's pools price ETH at 3000 USD and BTC at 60000 USD: the total is about
  // 4500 + 1234.5 + 42 + 7500 = 13276.5 USD.
  const total = Number(
    (await account.getByTestId('latch-tokens-total').textContent())?.replace(/[$,]/g, ''),
  )
  expect(total).toBeGreaterThan(13_000)
  expect(total).toBeLessThan(13_600)

  // Someone else sends USDC: it shows in Activity under this month.
  const sender = createWalletClient({
    account: privateKeyToAccount(stack.devnet.accounts[SENDER]?.privateKey as Hex),
    chain: viemChain,
    transport,
  })
  const usdc = chain.tokens.find((token) => token.symbol === 'USDC')
  if (!usdc) throw new Error('no USDC')
  const hash = await sender.writeContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [fresh.address, parseUnits('7.25', 6)],
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const block = await client.getBlock({ blockNumber: receipt.blockNumber })
  const mined = new Date(Number(block.timestamp) * 1000)
  const month = `${new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(mined)} ${mined.getUTCFullYear()}`

  await account.getByRole('tab', { name: 'Activity' }).click()
  const received = account.locator(`[data-testid="latch-activity-row"][data-hash="${hash}"]`)
  // The indexer follows the chain every second; the tab asks again each time it opens.
  await expect(async () => {
    await account.getByRole('tab', { name: 'Tokens' }).click()
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect(received).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await expect(received).toContainText('Received')
  await expect(received).toContainText('+7.25 USDC')
  await expect(account.getByRole('region', { name: month })).toContainText('+7.25 USDC')
  // The funding transfers are there too, newest first.
  await expect(account.getByTestId('latch-activity-row')).toHaveCount(5)
})
