import { loginWithEmail, walletFrame } from '../embedded.ts'
import type { StackInfo } from '../fixtures.ts'
import { expect, test } from '../fixtures.ts'
import { freshEmail } from '../mail.ts'
import { activateSolanaAccount, sendSol, solanaChain } from '../solana.ts'

// The devnet's Solana account 6 funds the embedded user: no other browser test uses it.
const FUNDER = 6

async function lamportsOf(stack: StackInfo, address: string): Promise<bigint> {
  const response = await fetch(solanaChain(stack).rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

test('an email user’s Solana account: Networks makes it active, a SOL send is approved in the frame and lands, sign-out ends it', async ({
  page,
  stack,
}) => {
  const chain = solanaChain(stack)
  await page.goto(stack.demoUrl)
  await loginWithEmail(page, stack, freshEmail('solana-send'))
  const solanaAddress = await (await walletFrame(page, stack)).evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('latch-frame/session') ?? '{}') as {
          solanaAddress?: string
        }
      ).solanaAddress,
  )
  if (!solanaAddress) throw new Error('the frame holds no Solana account')
  // Only the manifest's accounts hold SOL: 2 SOL to the embedded user's Solana address.
  await sendSol(stack, FUNDER, solanaAddress, 2_000_000_000n)

  // Networks makes the login's Solana account the active one, and a reload keeps it so.
  await activateSolanaAccount(page, {
    networkName: chain.name,
    address: solanaAddress,
    balance: '2 SOL',
  })

  // The send asks the frame: its approval screen reads the Solana transfer.
  await page.getByRole('button', { name: 'Send 0.001 SOL to yourself' }).click()
  await expect(page.getByRole('dialog', { name: 'Approve Transaction' })).toBeVisible()
  // The frame of the reloaded page.
  const screen = (await walletFrame(page, stack)).getByTestId('latch-approve')
  await expect(screen).toHaveAttribute('data-method', 'solana_signAndSendTransaction')
  await expect(screen).toContainText('SOL transfer')
  await expect(screen).toContainText('0.001 SOL')
  await expect(screen).toContainText(solanaAddress)
  await expect(screen).toContainText(chain.name)
  const before = await lamportsOf(stack, solanaAddress)
  await screen.locator('[data-action="approve"]').click()
  await expect(page.getByTestId('demo-transaction')).toHaveText(
    /^Confirmed [1-9A-HJ-NP-Za-km-z]{86,88}$/,
    { timeout: 30_000 },
  )
  // Sent to itself: the balance moved by the network fee (5,000 lamports a signature).
  expect(before - (await lamportsOf(stack, solanaAddress))).toBe(5_000n)

  // Signing out ends the Solana account with the login.
  await page.getByTestId('latch-connect-button').click()
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: 'Disconnect' })
    .click()
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
})
