import { randomBytes } from 'node:crypto'
import { erc20Abi, hexToString, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from '../fixtures.ts'
import { fundFreshAccount } from '../funding.ts'
import { connectTestWallet, devnetWallet } from '../wallet.ts'

test.describe('names', () => {
  test('register a name by signature, see it everywhere, and receive tokens sent to it', async ({
    page,
    stack,
    browser,
  }) => {
    // The owner needs no funds: registering is a signature, not a transaction.
    const ownerKey = generatePrivateKey()
    const owner = privateKeyToAccount(ownerKey)
    const label = `visitor-${randomBytes(3).toString('hex')}`
    const name = `${label}.latch.id`

    const ownerWallet = await connectTestWallet(page, stack, { privateKey: ownerKey })
    await page.getByTestId('latch-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByRole('button', { name: 'Choose a name' }).click()

    const register = page.getByRole('dialog')
    // The name rule (letters, digits, hyphens, at least 4), as the visitor types.
    await register.getByLabel('Name').fill('ab')
    await expect(register.getByText(/at least 4 characters/)).toBeVisible()
    await register.getByLabel('Name').fill(label)
    await expect(register.getByText('Available')).toBeVisible()
    await register.getByRole('button', { name: 'Register' }).click()
    await expect(register.getByRole('heading', { name: new RegExp(name) })).toBeVisible()
    // The wallet was asked to sign words, not JSON: what it registers, for whom, and when.
    const signed = ownerWallet.requests.find((request) => request.method === 'personal_sign')
    const [hex] = (signed?.params ?? []) as [`0x${string}`]
    const text = hexToString(hex)
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Register a name',
      '',
      `Name: ${name}`,
      `Address: ${owner.address}`,
      'Attributes: none',
    ])
    expect(text).toMatch(/\nIssued at: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)

    // The connect button and the Account view show the name; so does the server's identity.
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('latch-connect-button')).toContainText(name)
    const identity = await page.request.get(
      `${stack.serverUrl}/v1/identity/${owner.address}?projectId=latch-dev`,
    )
    expect((await identity.json()).name).toBe(name)
    await page.reload()
    await expect(page.getByTestId('latch-connect-button')).toContainText(name)
    await page.getByTestId('latch-connect-button').click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toContainText(name)

    // Another visitor sends USDC to the name.
    const { privateKey, chain, client } = await fundFreshAccount(stack, { funder: 4 })
    const usdc = chain.tokens.find((token) => token.symbol === 'USDC')
    if (!usdc) throw new Error('no USDC on the devnet')
    const other = await browser.newContext()
    const sender = await other.newPage()
    try {
      await devnetWallet(sender, stack, { privateKey })
      await sender.goto(stack.demoUrl)
      await sender.getByRole('button', { name: 'Connect Wallet' }).click()
      await sender.getByRole('button', { name: /Latch Test Wallet/ }).click()
      await sender.getByTestId('latch-connect-button').click()
      await sender
        .getByRole('dialog', { name: 'Account' })
        .getByRole('button', { name: 'Send' })
        .click()
      const send = sender.getByRole('dialog', { name: 'Send' })
      await send.getByRole('button', { name: 'Token: Choose a token' }).click()
      await send
        .getByRole('list', { name: 'Tokens to send' })
        .getByRole('button', { name: /USDC/ })
        .click()
      await send.getByLabel('Amount').fill('7')
      // A name nobody registered: the visitor is told so, not that something failed.
      const nobody = `nobody-${randomBytes(3).toString('hex')}.latch.id`
      await send.getByLabel('Receiver').fill(nobody)
      await expect(send.getByText(`${nobody} is not a registered name`)).toBeVisible()
      await expect(send.getByText('Error resolving name')).toHaveCount(0)
      // A lookup that really fails keeps the catalogue's message for it.
      await sender.route('**/v1/profile/account/unreachable-*', (route) => route.abort())
      await send.getByLabel('Receiver').fill('unreachable-name.latch.id')
      await expect(send.getByText('Error resolving name')).toBeVisible()
      await send.getByLabel('Receiver').fill(name)
      await expect(send.getByTestId('latch-send-resolved')).toContainText(owner.address)
      await send.getByRole('button', { name: 'Review' }).click()
      await send.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(send.getByTestId('latch-send-sent')).toBeVisible()
      await expect
        .poll(() =>
          client.readContract({
            address: usdc.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [owner.address],
          }),
        )
        .toBe(parseUnits('7', usdc.decimals))
    } finally {
      await other.close()
    }
  })
})
