import { installTestWallet } from '@latch/test-wallet'
import { verifyMessage } from 'viem'
import { expect, test } from '../fixtures.ts'

test('the demo loads, reaches the server and hosts the test wallet, whose signature verifies', async ({
  page,
  stack,
}) => {
  const account = stack.devnet.accounts[0]
  if (!account) throw new Error('the devnet manifest lists no accounts')
  const wallet = await installTestWallet(page, {
    privateKey: account.privateKey as `0x${string}`,
    chains: stack.devnet.chains.map((chain) => ({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      name: chain.name,
    })),
  })

  const response = await page.goto(stack.demoUrl)
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")

  // The wallet announces itself as soon as the page asks (EIP-6963).
  const announced = await page.evaluate(
    () =>
      new Promise<{ name: string; rdns: string }>((resolve) => {
        window.addEventListener('eip6963:announceProvider', (event) => {
          const { info } = (event as CustomEvent<{ info: { name: string; rdns: string } }>).detail
          resolve({ name: info.name, rdns: info.rdns })
        })
        window.dispatchEvent(new Event('eip6963:requestProvider'))
      }),
  )

  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  const { solana, bitcoin, polkadot } = stack.devnet
  await expect(page.getByTestId('server-status')).toHaveText(
    `Latch server online · networks eip155:31337, eip155:31338, ${solana?.caipNetworkId}, ${bitcoin?.caipNetworkId}, ${polkadot?.caipNetworkId}`,
  )
  // Every chain the devnet runs, though the default demo configures no Polkadot network.
  await expect(page.getByTestId('devnet-chains')).toHaveText(
    `Devnet: Latch Devnet (31337) · Latch Devnet 2 (31338) · ${solana?.name} · ${bitcoin?.name} · ${polkadot?.name}`,
  )
  expect(announced).toEqual({ name: 'Latch Test Wallet', rdns: 'dev.latch.testwallet' })

  const message = 'Sign in to the Latch demo'
  const { address, signature } = await page.evaluate(async (text) => {
    const provider = await new Promise<{
      request(args: { method: string; params?: unknown[] }): Promise<unknown>
    }>((resolve) => {
      window.addEventListener('eip6963:announceProvider', (event) => {
        resolve((event as CustomEvent).detail.provider)
      })
      window.dispatchEvent(new Event('eip6963:requestProvider'))
    })
    const [from] = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
    const signed = (await provider.request({
      method: 'personal_sign',
      params: [text, from],
    })) as string
    return { address: from as `0x${string}`, signature: signed as `0x${string}` }
  }, message)

  expect(address.toLowerCase()).toBe(account.address.toLowerCase())
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  const origin = new URL(stack.demoUrl).origin
  const prompts = wallet.requests.filter((request) =>
    ['eth_requestAccounts', 'personal_sign'].includes(request.method),
  )
  expect(prompts.map((request) => [request.method, request.origin])).toEqual([
    ['eth_requestAccounts', origin],
    ['personal_sign', origin],
  ])
})
