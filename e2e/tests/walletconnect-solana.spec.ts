import { createPublicKey, verify } from 'node:crypto'
import { decodeBase58 } from '@latch/protocol'
import { createWcTestWallet } from '@latch/test-wallet/walletconnect'
import type { StackInfo } from '../fixtures.ts'
import { expect, test } from '../fixtures.ts'
import { readQrCode } from '../qr.ts'
import { activateSolanaAccount, solanaAccount, solanaChain } from '../solana.ts'

// The demo asks for this signature (apps/demo/src/App.tsx).
const DEMO_MESSAGE = 'Hello from the Latch demo'
// The devnet's EVM account 3 and Solana account 7: no other browser test uses that Solana account.
const EVM_ACCOUNT = 3
const SOLANA_ACCOUNT = 7

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
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page
        .getByRole('dialog', { name: 'Connect Wallet' })
        .getByRole('button', { name: /WalletConnect/ })
        .click()
      const qr = page.getByRole('dialog', { name: 'WalletConnect' }).getByRole('img', {
        name: /QR code/,
      })
      const proposal = await wallet.pair(await readQrCode(qr))
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
})
