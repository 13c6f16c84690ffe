import { ONRAMP_SANDBOX_CARDS, ONRAMP_SANDBOX_MESSAGES } from '@latch/protocol/constants'
import type { Page } from '@playwright/test'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from '../fixtures.ts'
import { connectTestWallet } from '../wallet.ts'

/** Fills the sandbox checkout's card form in its popup and submits it. */
async function payWithCard(popup: Page, cardNumber: string): Promise<void> {
  await popup.getByLabel('Card number').fill(cardNumber)
  await popup.getByLabel('Expiry (MM/YY)').fill('12/39')
  await popup.getByLabel('CVC').fill('123')
  await popup.getByLabel('Name on card').fill('Test Visitor')
  await popup.getByRole('button', { name: 'Pay with card' }).click()
}

test.describe('buy crypto through the sandbox on-ramp', () => {
  test('a declined card shows the provider message; the test card buys USDC that arrives and shows in Activity', async ({
    page,
    stack,
  }) => {
    // A fresh wallet with nothing in it: connecting needs no funds, and every USDC it ends up
    // with came from the purchase.
    const key = generatePrivateKey()
    const visitor = privateKeyToAccount(key)
    const chain = stack.devnet.chains[0]
    const usdc = chain?.tokens.find((token) => token.symbol === 'USDC')
    if (!chain || !usdc) throw new Error('no USDC on the devnet')
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const usdcBalance = () =>
      client.readContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [visitor.address],
      })

    await connectTestWallet(page, stack, { privateKey: key })
    await page.getByTestId('latch-connect-button').click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Buy' }).click()

    const providers = page.getByRole('dialog', { name: 'Choose Provider' })
    const sandbox = providers.getByRole('button', { name: /Sandbox \(test mode\)/ })
    await expect(sandbox).toContainText('Fees 1-2%')
    await sandbox.click()

    const buy = page.getByRole('dialog', { name: 'Buy Crypto' })
    await expect(buy.getByRole('button', { name: 'Currency to buy: USDC' })).toBeVisible()
    await expect(buy.getByRole('button', { name: 'Currency to pay with: USD' })).toBeVisible()
    // The payment method's limits, as the visitor types.
    await buy.getByLabel('Amount').fill('5')
    await expect(buy.getByRole('alert')).toHaveText('The minimum for a card payment is 10.00 USD')
    await buy.getByRole('button', { name: '50 USD', exact: true }).click()
    const quoted = buy.getByTestId('latch-onramp-quote-amount')
    await expect(quoted).toHaveText(/≈ \d+(\.\d+)? USDC/)
    await expect(buy.getByText('Provider fee')).toBeVisible()
    await expect(buy.getByText('Network fee')).toBeVisible()
    const quotedAmount = /≈ (\d+(?:\.\d+)?) USDC/.exec((await quoted.textContent()) ?? '')?.[1]
    if (!quotedAmount) throw new Error('no quoted amount')
    // 50 USD less a 1.5% fee and a few cents of gas, at 1 USD per USDC.
    expect(Number(quotedAmount)).toBeGreaterThan(49)
    expect(Number(quotedAmount)).toBeLessThan(49.25)

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      buy.getByRole('button', { name: 'Buy', exact: true }).click(),
    ])
    const progress = page.getByRole('dialog', { name: 'Buy in Progress' })
    await expect(progress.getByTestId('latch-onramp-status')).toHaveText('Waiting for payment')

    // The declined test card: the provider's message, in its window and in the modal; nothing sent.
    await popup.waitForLoadState('domcontentloaded')
    await expect(popup.getByRole('heading', { name: 'Buy USDC' })).toBeVisible()
    await payWithCard(popup, ONRAMP_SANDBOX_CARDS.declined)
    await expect(popup.getByRole('alert')).toHaveText(ONRAMP_SANDBOX_MESSAGES.cardDeclined)
    await expect(progress.getByRole('alert')).toContainText(ONRAMP_SANDBOX_MESSAGES.cardDeclined)
    expect(await usdcBalance()).toBe(0n)

    // The card that succeeds: the quoted amount arrives, the modal confirms and goes back.
    await payWithCard(popup, ONRAMP_SANDBOX_CARDS.succeeds)
    await expect(page.getByText(`Bought ${quotedAmount} USDC`)).toBeVisible({ timeout: 20_000 })
    expect(await usdcBalance()).toBe(parseUnits(quotedAmount, usdc.decimals))
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account).toBeVisible()
    // The Tokens tab shows balances cut to 3 decimals.
    const [whole, fraction = ''] = quotedAmount.split('.')
    const shown = fraction.slice(0, 3).replace(/0+$/, '')
      ? `${whole}.${fraction.slice(0, 3).replace(/0+$/, '')}`
      : whole
    await expect(account.getByRole('list', { name: 'Tokens' })).toContainText(
      `USD Coin${shown} USDC`,
    )

    // The purchase in Activity, once the server's indexer has seen the transfer.
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect(account.getByText('Bought').first()).toBeVisible({ timeout: 20_000 })
    await expect(
      account.getByText(new RegExp(`${quotedAmount.slice(0, 5)}.*USDC`)).first(),
    ).toBeVisible()
  })
})
