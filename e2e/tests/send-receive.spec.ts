import { erc20Abi, parseUnits } from 'viem'
import { expect, test } from '../fixtures.ts'
import { fundFreshAccount } from '../funding.ts'
import { readQrCode } from '../qr.ts'
import { connectTestWallet } from '../wallet.ts'

const RECEIVER_INDEX = 8

test.describe('send and receive', () => {
  test.use({ deviceScaleFactor: 2 })

  test('sends USDC to another account: both balances change on chain', async ({ page, stack }) => {
    const { privateKey, fresh, chain, client } = await fundFreshAccount(stack, { funder: 6 })
    const receiver = stack.devnet.accounts[RECEIVER_INDEX]?.address
    const usdc = chain.tokens.find((token) => token.symbol === 'USDC')
    if (!receiver || !usdc) throw new Error('devnet without receiver or USDC')
    const balanceOf = (address: `0x${string}`) =>
      client.readContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      })
    const before = { sender: await balanceOf(fresh.address), receiver: await balanceOf(receiver) }

    await connectTestWallet(page, stack, { privateKey })
    await page.getByTestId('latch-connect-button').click()
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Send' })
      .click()

    const send = page.getByRole('dialog', { name: 'Send' })
    // The form's messages, in the order a visitor meets them.
    await send.getByRole('button', { name: 'Review' }).click()
    await expect(send.getByRole('alert')).toHaveText('A token is required')
    // The token picker is Swap's: icon, symbol and name, the amount held and its USD value.
    await send.getByRole('button', { name: 'Token: Choose a token' }).click()
    const tokens = send.getByRole('list', { name: 'Tokens to send' })
    await expect(tokens.getByRole('button')).toHaveCount(4)
    const usdcRow = tokens.getByRole('button', { name: /USDC/ })
    await expect(usdcRow).toContainText('USD Coin')
    await expect(usdcRow).toContainText('1234.5 · $1,234.50')
    await expect(usdcRow.locator('img')).toHaveCount(1)
    await usdcRow.click()
    await expect(send.getByRole('button', { name: 'Token: USDC' })).toBeVisible()
    // The fee of a transfer, in ETH and in USD, before anything is reviewed.
    await expect(send.getByTestId('latch-send-fee')).toHaveText(
      /^Network fee: about 0\.\d+ ETH \(.*\$.*\)$/,
    )
    await send.getByRole('button', { name: 'Review' }).click()
    await expect(send.getByRole('alert')).toHaveText('An amount and receiver address are required')
    await send.getByLabel('Amount').fill('5000')
    // The receiver without 0x is an address too.
    await send.getByLabel('Receiver').fill(receiver.slice(2))
    await send.getByRole('button', { name: 'Review' }).click()
    await expect(send.getByRole('alert')).toHaveText('Insufficient USDC balance')

    await send.getByLabel('Amount').fill('12.5')
    await send.getByRole('button', { name: 'Review' }).click()
    await expect(send.getByTestId('latch-send-review')).toContainText('Send 12.5 USDC')
    await expect(send.getByTestId('latch-send-fee')).toHaveText(/^Network fee: up to 0\.\d+ ETH/)
    await send.getByRole('button', { name: 'Send', exact: true }).click()
    // The result screen: the hash shortened, a copy button; the devnet names no explorer.
    const sent = send.getByTestId('latch-send-sent')
    await expect(sent).toBeVisible()
    await expect(sent).toHaveAttribute('data-status', 'confirmed')
    await expect(sent.getByTestId('latch-send-hash')).toHaveText(/^0x[0-9a-f]{6}…[0-9a-f]{4}$/)
    await expect(sent.getByRole('button', { name: 'Copy hash of the transaction' })).toBeVisible()
    await expect(sent.getByRole('link')).toHaveCount(0)
    await expect(page.getByRole('status').getByText('Sent 12.5 USDC')).toBeVisible()

    const amount = parseUnits('12.5', 6)
    expect(await balanceOf(fresh.address)).toBe(before.sender - amount)
    expect(await balanceOf(receiver)).toBe(before.receiver + amount)
  })

  test('the Receive view shows a QR code that decodes to the address', async ({ page, stack }) => {
    const { privateKey, fresh } = await fundFreshAccount(stack, { funder: 6 })
    await connectTestWallet(page, stack, { privateKey })
    await page.getByTestId('latch-connect-button').click()
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Receive' })
      .click()

    const receive = page.getByRole('dialog', { name: 'Receive' })
    await expect(receive.getByTestId('latch-receive-address')).toHaveText(fresh.address)
    expect(await readQrCode(receive.getByRole('img', { name: /QR code of the address/ }))).toBe(
      fresh.address,
    )
    await expect(receive.getByRole('list', { name: 'Networks' })).toContainText('Latch Devnet 2')
  })
})
