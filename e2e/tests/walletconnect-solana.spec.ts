import { createPublicKey, verify } from 'node:crypto'
import { decodeBase58 } from '@latch/protocol'
import { createWcTestWallet, type WcTestWallet } from '@latch/test-wallet/walletconnect'
import type { Page } from '@playwright/test'
import type { StackInfo } from '../fixtures.ts'
import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { readQrCode } from '../qr.ts'
import { activateSolanaAccount, sendSol, solanaAccount, solanaChain } from '../solana.ts'

// The demo asks for this signature (apps/demo/src/App.tsx).
const DEMO_MESSAGE = 'Hello from the Latch demo'
// The devnet's EVM account 3 and Solana account 7: no other browser test uses that Solana account.
const EVM_ACCOUNT = 3
const SOLANA_ACCOUNT = 7
// A Solana wallet's three accounts (0, 1 and 2: no other browser test uses them); 2 also funds 1.
const SOLANA_WALLET_ACCOUNTS = [0, 1, 2] as const

/** Calls the devnet's Solana node from Node. */
async function solanaCall<T>(stack: StackInfo, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(solanaChain(stack).rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const answer = (await response.json()) as { result?: T; error?: { message: string } }
  if (answer.error) throw new Error(answer.error.message)
  return answer.result as T
}

/** Opens WalletConnect's QR code in the demo's modal and has `wallet` pair from it. */
async function pairFromQr(page: Page, wallet: WcTestWallet) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page
    .getByRole('dialog', { name: 'Connect Wallet' })
    .getByRole('button', { name: /WalletConnect/ })
    .click()
  const qr = page.getByRole('dialog', { name: 'WalletConnect' }).getByRole('img', {
    name: /QR code/,
  })
  return wallet.pair(await readQrCode(qr))
}

test.describe('WalletConnect with the solana namespace', () => {
  test.use({ deviceScaleFactor: 2 })

  test('one session carries EVM and Solana: the Solana account shows with its SOL, signs, sends a transfer that lands, and disconnect ends both', async ({
    page,
    stack,
  }) => {
    const chain = solanaChain(stack)
    const evm = stack.devnet.accounts[EVM_ACCOUNT]
    if (!evm) throw new Error('no devnet account')
    const wallet = await createWcTestWallet({
      relayUrl: stack.devnet.walletConnect.relayUrl,
      projectId: stack.devnet.walletConnect.projectId,
      privateKeys: [evm.privateKey as `0x${string}`],
      chains: stack.devnet.chains.map((entry) => ({ id: entry.chainId, rpcUrl: entry.rpcUrl })),
      solana: {
        secretKey: solanaAccount(stack, SOLANA_ACCOUNT).secretKey,
        rpcUrl: chain.rpcUrl,
        chains: [chain.caipNetworkId],
      },
    })
    const solanaAddress = wallet.solanaAddress as string
    try {
      await page.goto(stack.demoUrl)
      const proposal = await pairFromQr(page, wallet)
      // One proposal, both families, neither required (as WalletConnect recommends).
      expect(proposal.requiredChains).toEqual([])
      expect(proposal.optionalChains).toEqual(
        expect.arrayContaining(['eip155:31337', 'eip155:31338', chain.caipNetworkId]),
      )
      await wallet.approve()
      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${wallet.address} on Latch Devnet`,
      )

      // Networks makes the session's Solana account the active one (the devnet funds each account
      // with 1,000 SOL), and a reload restores it on the family left active.
      await activateSolanaAccount(page, {
        networkName: chain.name,
        address: solanaAddress,
        balance: '1,000 SOL',
      })

      // A message signed by the wallet's Solana key, asked through the session.
      await page.getByRole('button', { name: 'Sign a message' }).click()
      await expect(page.getByTestId('demo-signature')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
      const signature = decodeBase58(
        (await page.getByTestId('demo-signature').textContent()) as string,
      ) as Uint8Array
      const key = createPublicKey({
        key: {
          kty: 'OKP',
          crv: 'Ed25519',
          x: Buffer.from(decodeBase58(solanaAddress) as Uint8Array).toString('base64url'),
        },
        format: 'jwk',
      })
      expect(verify(null, new TextEncoder().encode(DEMO_MESSAGE), key, signature)).toBe(true)
      expect((await wallet.waitForRequest('solana_signMessage')).chainId).toBe(chain.caipNetworkId)

      // A transfer through the kit's Solana family: the wallet signs and sends it, it lands.
      const before = BigInt(
        (await solanaCall<{ value: number }>(stack, 'getBalance', [solanaAddress])).value,
      )
      await page.getByRole('button', { name: 'Send 0.001 SOL to yourself' }).click()
      await expect(page.getByTestId('demo-transaction')).toHaveText(
        /^Confirmed [1-9A-HJ-NP-Za-km-z]{86,88}$/,
        { timeout: 30_000 },
      )
      expect((await wallet.waitForRequest('solana_signAndSendTransaction')).chainId).toBe(
        chain.caipNetworkId,
      )
      const id = ((await page.getByTestId('demo-transaction').textContent()) as string).split(
        ' ',
      )[1] as string
      const landed = await solanaCall<{
        meta: { err: unknown; fee: number }
        transaction: { message: { accountKeys: string[] } }
      }>(stack, 'getTransaction', [id, { encoding: 'json', commitment: 'confirmed' }])
      expect(landed.meta.err).toBeNull()
      expect(landed.transaction.message.accountKeys[0]).toBe(solanaAddress)
      // Sent to itself: only the fee left the account.
      const after = BigInt(
        (await solanaCall<{ value: number }>(stack, 'getBalance', [solanaAddress])).value,
      )
      expect(before - after).toBe(BigInt(landed.meta.fee))

      // The wallet picks another Solana account (a session update, then accountsChanged): the kit's
      // Solana account follows, the EVM one stays.
      const other = solanaAccount(stack, SOLANA_WALLET_ACCOUNTS[2])
      await wallet.switchSolanaAccount(other.secretKey)
      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${other.address} on ${chain.name}`,
      )

      // Disconnect ends both families; a reload restores neither.
      await page.getByTestId('latch-connect-button').click()
      await page
        .getByRole('dialog', { name: 'Account' })
        .getByRole('button', { name: 'Disconnect' })
        .click()
      await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
      await page.reload()
      await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
      await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    } finally {
      await wallet.close()
    }
  })

  test('a wallet approving Solana alone connects it, closes the modal, and is followed as it changes account; disconnect ends the session', async ({
    page,
    stack,
  }) => {
    const chain = solanaChain(stack)
    const evm = stack.devnet.accounts[EVM_ACCOUNT]
    if (!evm) throw new Error('no devnet account')
    const [first, second, third] = SOLANA_WALLET_ACCOUNTS.map((index) =>
      solanaAccount(stack, index),
    ) as [ReturnType<typeof solanaAccount>, ...ReturnType<typeof solanaAccount>[]]
    if (!second || !third) throw new Error('the Solana devnet lacks accounts')
    // The second account receives 0.5 SOL: its balance and Activity are its own.
    const received = await sendSol(stack, SOLANA_WALLET_ACCOUNTS[2], second.address, 500_000_000n)
    const wallet = await createWcTestWallet({
      relayUrl: stack.devnet.walletConnect.relayUrl,
      projectId: stack.devnet.walletConnect.projectId,
      // The Node wallet holds an EVM key too: approving Solana alone is its choice, as a Solana
      // wallet's would be.
      privateKeys: [evm.privateKey as `0x${string}`],
      chains: stack.devnet.chains.map((entry) => ({ id: entry.chainId, rpcUrl: entry.rpcUrl })),
      solana: { secretKey: first.secretKey, rpcUrl: chain.rpcUrl, chains: [chain.caipNetworkId] },
      name: 'Solana Phone Wallet',
    })
    const demoAccount = page.getByTestId('demo-account')
    try {
      await page.goto(stack.demoUrl)
      await pairFromQr(page, wallet)
      await wallet.approve({ namespaces: ['solana'] })

      // The Solana account is the active one, on the Solana network, and the modal closed.
      await expect(demoAccount).toHaveText(`Connected ${first.address} on ${chain.name}`)
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await page.getByTestId('latch-connect-button').click()
      const account = page.getByRole('dialog', { name: 'Account' })
      await expect(account.getByTestId('latch-account-view-address')).toHaveText(
        short(first.address),
      )
      await expect(account.getByTestId('latch-account-balance')).toContainText('1,000 SOL')
      await page.getByRole('button', { name: /Change network/ }).click()
      const networks = page.getByRole('dialog', { name: 'Choose Network' })
      await expect(networks.getByRole('button', { name: chain.name })).toHaveAttribute(
        'aria-current',
        'true',
      )
      await expect(networks.locator('[aria-current="true"]')).toHaveCount(1)
      await page.keyboard.press('Escape')
      await expect(networks).toBeHidden()

      // The wallet tells another account by accountsChanged alone: the kit shows that account,
      // its SOL and its Activity.
      await wallet.switchSolanaAccount(second.secretKey, { announce: 'event' })
      await expect(demoAccount).toHaveText(`Connected ${second.address} on ${chain.name}`)
      await page.getByTestId('latch-connect-button').click()
      await expect(account.getByTestId('latch-account-view-address')).toHaveText(
        short(second.address),
      )
      await expect(account.getByTestId('latch-account-balance')).toContainText('1,000.5 SOL')
      const row = account.locator(`[data-testid="latch-activity-row"][data-hash="${received}"]`)
      // The server lists a transfer once its indexer caught up: Activity is opened until it shows.
      await expect(async () => {
        await account.getByRole('tab', { name: 'Tokens' }).click()
        await account.getByRole('tab', { name: 'Activity' }).click()
        await expect(row).toBeVisible({ timeout: 1000 })
      }).toPass({ timeout: 15_000 })
      await expect(row).toContainText('+0.5 SOL')
      await page.keyboard.press('Escape')
      await expect(account).toBeHidden()

      // A session update alone names the third account: followed too, and a reload keeps it.
      await wallet.switchSolanaAccount(third.secretKey, { announce: 'update' })
      await expect(demoAccount).toHaveText(`Connected ${third.address} on ${chain.name}`)
      await page.reload()
      await expect(demoAccount).toHaveText(`Connected ${third.address} on ${chain.name}`)

      // It signs through the session as the third account.
      await page.getByRole('button', { name: 'Sign a message' }).click()
      await expect(page.getByTestId('demo-signature')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
      expect((await wallet.waitForRequest('solana_signMessage')).params).toMatchObject({
        pubkey: third.address,
      })

      // Disconnect ends the session with the wallet: a reload restores nothing.
      await page.getByTestId('latch-connect-button').click()
      await account.getByRole('button', { name: 'Disconnect' }).click()
      await expect(demoAccount).toHaveText('Not connected')
      await expect.poll(() => wallet.sessionTopic).toBeUndefined()
      await page.reload()
      await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
      await expect(demoAccount).toHaveText('Not connected')
    } finally {
      await wallet.close()
    }
  })
})
