import { DEPLOYER_ADDRESS } from '@latch/devnet'
import type { Page } from '@playwright/test'
import {
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseUnits,
  publicActions,
} from 'viem'
import { loginWithEmail, walletFrame } from '../embedded.ts'
import { expect, type StackInfo, test } from '../fixtures.ts'
import { freshEmail } from '../mail.ts'
import { embeddedAccounts } from '../smartAccount.ts'

// Smart sessions, seen by an email user: the demo's panel asks once for "10 USDC a day on the
// devnet USDC token, transfer only, for 7 days" for a key it holds in page memory; the frame's
// approval screen says so; the key then spends with no prompt; the visitor revokes the session in
// the Account view, and the chain refuses the next spend. The account is funded by anvil itself
// (its balance set, USDC minted by the token's owner), so no devnet account another spec uses is
// touched.

const RECEIVER = '0x000000000000000000000000000000000000dEaD'
const USDC_UNIT = 1_000_000n
const mintAbi = parseAbi(['function mint(address to, uint256 amount)'])

function devnetOf(stack: StackInfo) {
  const chain = stack.devnet.chains[0]
  if (!chain) throw new Error('no devnet chain')
  const found = chain.tokens.find((token) => token.symbol === 'USDC')
  if (!found) throw new Error('no USDC on the devnet')
  const usdc = found
  const client = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) }).extend(
    publicActions,
  )
  const usdcOf = (owner: Hex) =>
    client.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })
  /** Ether for the account's gas and `usdc` minted to it by the token's owner. */
  async function fund(account: Hex, amount: bigint) {
    await client.setBalance({ address: account, value: parseEther('0.2') })
    await client.impersonateAccount({ address: DEPLOYER_ADDRESS })
    const hash = await client.sendUnsignedTransaction({
      from: DEPLOYER_ADDRESS,
      to: usdc.address,
      data: encodeFunctionData({ abi: mintAbi, functionName: 'mint', args: [account, amount] }),
    })
    await client.waitForTransactionReceipt({ hash })
  }
  return { chain, usdc, usdcOf, fund }
}

/** The frame's approval screen once its buttons are live, under the kit's view titled `title`. */
async function approvalScreen(page: Page, stack: StackInfo, title: string) {
  await expect(page.getByRole('dialog', { name: title })).toBeVisible()
  const screen = (await walletFrame(page, stack)).getByTestId('latch-approve')
  await expect(screen).toHaveAttribute('data-state', 'waiting')
  const approve = screen.locator('[data-action="approve"]')
  await expect(approve).toBeEnabled()
  return { screen, approve }
}

/** Clicks Spend 1 USDC and waits for its outcome, with no wallet prompt on the way. */
async function spend(page: Page): Promise<string> {
  const panel = page.getByRole('region', { name: 'Smart session' })
  await panel.getByRole('button', { name: 'Spend 1 USDC' }).click()
  const result = page.getByTestId('demo-session-spend')
  await expect(result).toHaveText(/^(Spent|Refused)/, { timeout: 60_000 })
  // The session key signs alone: the modal never opened to ask.
  await expect(page.getByRole('dialog')).toHaveCount(0)
  return (await result.textContent()) ?? ''
}

test.describe('smart sessions', () => {
  test('a site grants a session, spends twice with no prompt, the visitor revokes it, the next spend is refused', async ({
    page,
    stack,
  }) => {
    test.setTimeout(240_000)
    const { usdc, usdcOf, fund } = devnetOf(stack)
    const site = new URL(stack.demoUrl).origin
    await page.goto(stack.demoUrl)
    await loginWithEmail(page, stack, freshEmail('sessions'))
    const { smart } = await embeddedAccounts(page)
    await fund(smart, 20n * USDC_UNIT)

    // The grant: the frame says who asks, which contract and function, the limit and its period,
    // and until when.
    const panel = page.getByRole('region', { name: 'Smart session' })
    await panel.getByRole('button', { name: 'Grant a session' }).click()
    const { screen, approve } = await approvalScreen(page, stack, 'Grant Permissions')
    await expect(screen.getByRole('heading', { name: 'Grant permissions' })).toBeVisible()
    await expect(screen.getByTestId('latch-approve-origin')).toHaveText(site)
    await expect(screen).toContainText(`USDC (${usdc.address})`)
    await expect(screen).toContainText('transfer(address,uint256)')
    await expect(screen).toContainText('10 USDC per day')
    const until = /Until\s*([A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC)/.exec(
      (await screen.textContent()) ?? '',
    )?.[1]
    expect(until).toBeDefined()
    await approve.click()
    const granted = page.getByTestId('demo-session-grant')
    await expect(granted).toHaveText(/^Granted until /, { timeout: 90_000 })
    await expect(granted).toContainText(`Granted until ${until}`)

    // Two spends, each signed by the session key alone; the balances move on chain.
    const received = await usdcOf(RECEIVER)
    expect(await spend(page)).toMatch(/^Spent 1 USDC in 0x[0-9a-f]{64}$/)
    expect(await usdcOf(smart)).toBe(19n * USDC_UNIT)
    expect(await spend(page)).toMatch(/^Spent 1 USDC in 0x[0-9a-f]{64}$/)
    expect(await usdcOf(smart)).toBe(18n * USDC_UNIT)
    expect(await usdcOf(RECEIVER)).toBeGreaterThanOrEqual(received + parseUnits('2', 6))

    // The Account view lists the session (site, permission, usage today, expiry, status) and
    // revokes it through the frame.
    await page.getByTestId('latch-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByTestId('latch-account-sessions').click()
    const sessions = page.getByRole('dialog', { name: 'Sessions' })
    const item = sessions.getByTestId('latch-session')
    await expect(item).toHaveCount(1)
    await expect(item).toContainText(site)
    await expect(item).toContainText('May call transfer(address,uint256) on USDC')
    await expect(item).toContainText('Up to 10 USDC per day')
    await expect(item.getByTestId('latch-session-usage')).toHaveText('2 of 10 USDC today')
    await expect(item).toContainText(`Expires ${until}`)
    await expect(item.getByTestId('latch-session-status')).toHaveText('Active')
    await item.getByRole('button', { name: 'Revoke' }).click()
    const revoke = await approvalScreen(page, stack, 'Revoke Permissions')
    await expect(revoke.screen.getByRole('heading', { name: 'Revoke permissions' })).toBeVisible()
    await revoke.approve.click()
    await expect(sessions.getByTestId('latch-session-status')).toHaveText('Revoked', {
      timeout: 90_000,
    })
    await expect(sessions.getByRole('button', { name: 'Revoke' })).toHaveCount(0)
    await sessions.getByRole('button', { name: 'Close' }).click()

    // The chain refuses the key now; nothing moves.
    expect(await spend(page)).toBe(
      'Refused: The smart session does not allow this: another contract or function, over its limit, expired or revoked',
    )
    expect(await usdcOf(smart)).toBe(18n * USDC_UNIT)
  })
})
