import { loginWithEmail, walletFrame } from '../embedded.ts'
import { expect, test } from '../fixtures.ts'
import { sendEther } from '../funding.ts'
import { freshEmail } from '../mail.ts'

const FUNDER = 7
const RECEIVER_INDEX = 8
// What the demo's "Send 0.001 ETH to yourself" sends (apps/demo/src/App.tsx).
const DEMO_VALUE = '0.001'
const FEE_SHORTFALL = /^Not enough ETH for the network fee: you need 0\.\d+ ETH more$/

test.describe('the embedded wallet sends', () => {
  test('without ETH for the fee: the approval screen names the network and the shortfall, Approve stays off, the site gets a plain message', async ({
    page,
    stack,
  }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(stack.demoUrl)
    const address = await loginWithEmail(page, stack, freshEmail('poor'))
    // Exactly the value, nothing for the fee.
    await sendEther(stack, { funder: FUNDER, to: address, ether: DEMO_VALUE })

    // The server's answer on the cost is held back: meanwhile the screen says what it waits for.
    let releaseCost: () => void = () => {}
    const costHeld = new Promise<void>((resolve) => (releaseCost = resolve))
    await page.route('**/rpc/cost', async (route) => {
      await costHeld
      await route.continue()
    })
    await page.getByRole('button', { name: 'Send 0.001 ETH to yourself' }).click()
    await expect(page.getByRole('dialog', { name: 'Approve Transaction' })).toBeVisible()
    const screen = (await walletFrame(page, stack)).getByTestId('latch-approve')
    await expect(screen).toHaveAttribute('data-state', 'preparing')
    await expect(screen).toContainText('Checking the network fee…')
    await expect(screen.locator('[data-action="reject"]')).toBeEnabled()
    await expect(screen.locator('[data-action="approve"]')).toBeDisabled()
    releaseCost()
    await expect(screen).toHaveAttribute('data-state', 'waiting')
    await expect(screen).toContainText('Latch Devnet')
    await expect(screen).not.toContainText('Chain ID')
    await expect(screen).toContainText(/Network fee\s*up to 0\.\d+ ETH/)
    await expect(screen.getByTestId('latch-approve-warning')).toHaveText(FEE_SHORTFALL)
    const close = screen.locator('[data-action="reject"]')
    await expect(close).toHaveText('Close')
    // Reject comes alive after the click delay; Approve never does.
    await expect(close).toBeEnabled()
    await expect(screen.locator('[data-action="approve"]')).toBeDisabled()
    await close.click()

    // The kit says why (the modal it opened closes), and so does the site, in the same words.
    await expect(page.getByRole('alert').getByText(FEE_SHORTFALL)).toBeVisible()
    await expect(screen).toBeHidden()
    await expect(page.getByTestId('demo-transaction')).toHaveText(
      new RegExp(`^Not sent: ${FEE_SHORTFALL.source.slice(1)}`),
    )
    await expect(page.getByText(/internal error/i)).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test("the Send view checks the fee before asking, and ends on the same result screen as an extension's", async ({
    page,
    stack,
  }) => {
    await page.goto(stack.demoUrl)
    const address = await loginWithEmail(page, stack, freshEmail('sender'))
    const receiver = stack.devnet.accounts[RECEIVER_INDEX]?.address as `0x${string}`
    const { client } = await sendEther(stack, { funder: FUNDER, to: address, ether: '0.02' })

    await page.getByTestId('latch-connect-button').click()
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Send' })
      .click()
    const send = page.getByRole('dialog', { name: 'Send' })
    await send.getByRole('button', { name: 'Token: Choose a token' }).click()
    await send
      .getByRole('list', { name: 'Tokens to send' })
      .getByRole('button', { name: /ETH/ })
      .click()
    await send.getByLabel('Receiver').fill(receiver)

    // All of it leaves nothing for the fee: the review says so and Send stays off.
    await send.getByLabel('Amount').fill('0.02')
    await send.getByRole('button', { name: 'Review' }).click()
    await expect(send.getByRole('alert')).toHaveText(
      /^Not enough ETH for the network fee: you need 0\.\d+ ETH more$/,
    )
    await expect(send.getByRole('button', { name: 'Send', exact: true })).toBeDisabled()

    await send.getByRole('button', { name: 'Edit' }).click()
    await send.getByLabel('Amount').fill('0.01')
    await send.getByRole('button', { name: 'Review' }).click()
    await expect(send.getByTestId('latch-send-fee')).toHaveText(/^Network fee: up to 0\.\d+ ETH/)
    const before = await client.getBalance({ address: receiver })
    await send.getByRole('button', { name: 'Send', exact: true }).click()

    // The frame's approval screen replaces Send meanwhile.
    await expect(page.getByRole('dialog', { name: 'Approve Transaction' })).toBeVisible()
    const screen = (await walletFrame(page, stack)).getByTestId('latch-approve')
    await expect(screen).toContainText('Latch Devnet')
    await expect(screen.getByTestId('latch-approve-warning')).toHaveCount(0)
    await screen.locator('[data-action="approve"]').click()

    const sent = page.getByRole('dialog', { name: 'Send' }).getByTestId('latch-send-sent')
    await expect(sent).toBeVisible()
    await expect(sent).toContainText(`0.01 ETH to ${receiver}`)
    await expect(sent.getByTestId('latch-send-hash')).toHaveText(/^0x[0-9a-f]{6}…[0-9a-f]{4}$/)
    await expect(sent.getByRole('button', { name: 'Copy hash of the transaction' })).toBeVisible()
    await expect(sent).toHaveAttribute('data-status', 'confirmed')
    expect(await client.getBalance({ address: receiver })).toBe(before + 10_000_000_000_000_000n)
    await sent.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  })
})
