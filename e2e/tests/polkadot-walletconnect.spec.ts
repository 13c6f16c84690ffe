import { createWcTestWallet, type WcTestWallet } from '@latch/test-wallet/walletconnect'
import type { Page } from '@playwright/test'
import type { StackInfo } from '../fixtures.ts'
import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { POLKADOT_DEMO, planckAt, polkadotAccount, polkadotChain } from '../polkadot.ts'
import { readQrCode } from '../qr.ts'
import { activateSolanaAccount } from '../solana.ts'

// Polkadot accounts of the devnet no other browser test uses: 1 (Bob, sr25519) is the first phone
// wallet's, 7 (Bob's ed25519 key) receives, 8 (Alice's ecdsa key) is the second phone wallet's.
const WALLET_ACCOUNT = 1
const RECEIVER = 7
const ECDSA_ACCOUNT = 8
// The devnet's EVM account the Node wallet holds too (it approves Polkadot alone all the same).
const EVM_ACCOUNT = 3

/** The session the server holds for the page's sign-in token. */
async function serverSession(page: Page, stack: StackInfo) {
  const stored = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('@latch/siwx_session'))) ?? 'null',
  ) as { token: string }
  const answer = await page.request.get(
    `${stack.serverUrl}/auth/v1/siwx/session?projectId=latch-dev`,
    { headers: { authorization: `Bearer ${stored.token}` } },
  )
  expect(answer.status()).toBe(200)
  return (await answer.json()) as { address: string; caipNetworkId: string }
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

test('a phone wallet through WalletConnect with the polkadot namespace: connects, signs in verified by the server, its balance, a declined send, then one included and in Activity', async ({
  page,
  stack,
}) => {
  const chain = polkadotChain(stack)
  const { symbol, decimals } = chain.nativeCurrency
  const signer = polkadotAccount(stack, WALLET_ACCOUNT)
  const receiver = polkadotAccount(stack, RECEIVER)
  const evm = stack.devnet.accounts[EVM_ACCOUNT]
  if (!evm) throw new Error('no devnet account')
  const wallet = await createWcTestWallet({
    relayUrl: stack.devnet.walletConnect.relayUrl,
    projectId: stack.devnet.walletConnect.projectId,
    privateKeys: [evm.privateKey as `0x${string}`],
    chains: stack.devnet.chains.map((entry) => ({ id: entry.chainId, rpcUrl: entry.rpcUrl })),
    polkadot: { suri: signer.suri, type: signer.type, chains: [chain.caipNetworkId] },
    name: 'Polkadot Phone Wallet',
  })
  const demoAccount = page.getByTestId('demo-account')
  try {
    expect(wallet.polkadotAddress).toBe(signer.address)
    await page.goto(`${stack.demoUrl}${POLKADOT_DEMO}&siwx=required`)
    const proposal = await pairFromQr(page, wallet)
    // Every namespace optional: the devnet's EVM chains and its Polkadot chain by CAIP-2.
    expect(proposal.requiredChains).toEqual([])
    expect(proposal.optionalChains).toEqual(
      expect.arrayContaining(['eip155:31337', chain.caipNetworkId]),
    )
    await wallet.approve({ namespaces: ['polkadot'] })

    // The session's Polkadot account is the active one, in the chain's SS58 prefix.
    await expect(demoAccount).toHaveText(`Connected ${signer.address} on ${chain.name}`)

    // Sign-in asked at once: a CAIP-122 message signed through polkadot_signMessage, checked by
    // the server.
    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    await expect(signIn).toBeVisible()
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(signIn).toBeHidden()
    await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${signer.address}`)
    const signed = await wallet.waitForRequest('polkadot_signMessage')
    expect(signed.chainId).toBe(chain.caipNetworkId)
    const { address, message } = signed.params as { address: string; message: string }
    expect(address).toBe(signer.address)
    expect(message).toMatch(/^127\.0\.0\.1:\d+ wants you to sign in with your Polkadot account:\n/)
    expect(message).toContain(`\n${signer.address}\n`)
    expect(await serverSession(page, stack)).toMatchObject({
      address: signer.address,
      caipNetworkId: chain.caipNetworkId,
    })
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // The Account view: the address and the 10,000 the devnet funds it with.
    await page.getByTestId('latch-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account.getByTestId('latch-account-view-address')).toHaveText(
      short(signer.address),
    )
    await expect(account.getByTestId('latch-account-balance')).toHaveText(
      new RegExp(`^10,?000 ${symbol}$`),
    )

    // Send 1.5 to the receiver: the wallet signs the server's payload, the transfer is included.
    const senderBefore = await planckAt(stack, signer.address)
    const receiverBefore = await planckAt(stack, receiver.address)
    await account.getByRole('button', { name: 'Send' }).click()
    const send = page.getByRole('dialog', { name: 'Send' })
    await send.getByTestId('latch-send-token').click()
    await send
      .getByRole('list', { name: 'Tokens to send' })
      .getByRole('button', { name: new RegExp(`^${symbol}`) })
      .click()
    await send.getByLabel('Amount').fill('1.5')
    await send.getByLabel('Receiver').fill(receiver.address)
    await send.getByRole('button', { name: 'Review' }).click()
    const review = send.getByTestId('latch-send-review')
    await expect(review.getByTestId('latch-send-fee')).toHaveText(
      new RegExp(`^Network fee: [\\d.]+ ${symbol}`),
    )
    // Declined on the phone: said so, still on the review.
    wallet.setDecision('reject', 'polkadot_signTransaction')
    await review.getByRole('button', { name: 'Send' }).click()
    await expect(review.getByRole('alert')).toHaveText('Signature declined')
    expect((await wallet.waitForRequest('polkadot_signTransaction')).error?.code).toBe(4001)
    expect(await planckAt(stack, signer.address)).toBe(senderBefore)
    wallet.setDecision('approve', 'polkadot_signTransaction')
    await review.getByRole('button', { name: 'Send' }).click()
    const sent = send.getByTestId('latch-send-sent')
    await expect(sent).toHaveAttribute('data-status', 'confirmed')
    const request = await wallet.waitForRequest('polkadot_signTransaction')
    expect(request.chainId).toBe(chain.caipNetworkId)
    expect(request.params).toMatchObject({
      address: signer.address,
      transactionPayload: { address: signer.address, genesisHash: expect.any(String) },
    })
    expect(request.result).toMatchObject({
      signature: expect.stringMatching(/^0x01[0-9a-f]{128}$/),
    })
    const hash = (await sent.getByTestId('latch-send-hash').getAttribute('title')) ?? ''
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const amount = 15n * 10n ** BigInt(decimals - 1)
    expect(await planckAt(stack, receiver.address)).toBe(receiverBefore + amount)
    expect(senderBefore - (await planckAt(stack, signer.address)) > amount).toBe(true)

    await sent.getByRole('button', { name: 'Done' }).click()
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect(
      account.locator(`[data-testid="latch-activity-row"][data-hash="${hash}"]`),
    ).toContainText(new RegExp(`^Sent-1\\.5 ${symbol}`))

    // A reload restores the session's Polkadot account; disconnect ends the session.
    await page.keyboard.press('Escape')
    await page.reload()
    await expect(demoAccount).toHaveText(`Connected ${signer.address} on ${chain.name}`)
    await page.getByTestId('latch-connect-button').click()
    await account.getByRole('button', { name: 'Disconnect' }).click()
    await expect(demoAccount).toHaveText('Not connected')
    await expect.poll(() => wallet.sessionTopic).toBeUndefined()
  } finally {
    await wallet.close()
  }
})

test('one session carries EVM and Polkadot: EVM active first, the Networks view makes the Polkadot account (ecdsa) active with its balance, a reload keeps it, and disconnect ends both', async ({
  page,
  stack,
}) => {
  const chain = polkadotChain(stack)
  const signer = polkadotAccount(stack, ECDSA_ACCOUNT)
  expect(signer.type).toBe('ecdsa')
  const evm = stack.devnet.accounts[EVM_ACCOUNT]
  if (!evm) throw new Error('no devnet account')
  const wallet = await createWcTestWallet({
    relayUrl: stack.devnet.walletConnect.relayUrl,
    projectId: stack.devnet.walletConnect.projectId,
    privateKeys: [evm.privateKey as `0x${string}`],
    chains: stack.devnet.chains.map((entry) => ({ id: entry.chainId, rpcUrl: entry.rpcUrl })),
    polkadot: { suri: signer.suri, type: signer.type, chains: [chain.caipNetworkId] },
  })
  const demoAccount = page.getByTestId('demo-account')
  try {
    expect(wallet.polkadotAddress).toBe(signer.address)
    await page.goto(`${stack.demoUrl}${POLKADOT_DEMO}`)
    await pairFromQr(page, wallet)
    await wallet.approve()
    await expect(demoAccount).toHaveText(`Connected ${wallet.address} on Latch Devnet`)

    // The Networks view makes the session's Polkadot account the active one; a reload keeps it.
    await activateSolanaAccount(page, {
      networkName: chain.name,
      address: signer.address,
      balance: `10,000 ${chain.nativeCurrency.symbol}`,
    })

    // Disconnect ends both families and the session; a reload restores neither.
    await page.getByTestId('latch-connect-button').click()
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Disconnect' })
      .click()
    await expect(demoAccount).toHaveText('Not connected')
    await expect.poll(() => wallet.sessionTopic).toBeUndefined()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect(demoAccount).toHaveText('Not connected')
  } finally {
    await wallet.close()
  }
})
