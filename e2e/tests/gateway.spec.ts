import { formatEther } from 'viem'
import { expect, test } from '../fixtures.ts'
import { devnetWallet } from '../wallet.ts'

test('the demo reads the chain through the Latch gateway only', async ({ page, stack }) => {
  const wallet = await devnetWallet(page, stack)
  const rpcUrls = stack.devnet.chains.map((chain) => new URL(chain.rpcUrl).origin)
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))

  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: /Latch Test Wallet/ }).click()

  // The balance the button shows is the chain's, read through POST /v1?chainId=eip155:31337.
  const chain = stack.devnet.chains[0]
  if (!chain) throw new Error('the devnet has no chain')
  const balance = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getBalance',
      params: [wallet.address, 'latest'],
    }),
  }).then(async (response) => BigInt((await response.json()).result))
  const shown = Math.trunc(Number(formatEther(balance)) * 1000) / 1000
  // Written with the browser locale's (en-US) thousands separators: 10000 shows as 10,000.
  const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(shown)
  await expect(page.getByTestId('latch-connect-button')).toContainText(`${grouped} ETH`)

  const gatewayCalls = requests.filter((url) => url.startsWith(`${stack.serverUrl}/v1?`))
  expect(
    gatewayCalls.some((url) => new URL(url).searchParams.get('chainId') === 'eip155:31337'),
  ).toBe(true)
  expect(requests.filter((url) => rpcUrls.some((origin) => url.startsWith(origin)))).toEqual([])
})
