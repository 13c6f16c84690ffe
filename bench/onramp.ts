import { ONRAMP_SANDBOX_CARDS } from '@latch/protocol/constants'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { p50AndMax, startBenchStack } from './server.ts'

/**
 * `npm run bench:onramp -w @latch/bench`: the sandbox on-ramp, the server in its own process
 * (PGlite): a quote (POST /v1/onramp/quote), the checkout link (POST /v1/generators/onrampurl),
 * and from the card payment to the order `completed` (the treasury's USDC transfer mined on
 * anvil), as the kit's poll of GET /v1/onramp/orders/{id} sees it (polled every 20 ms here).
 */
const RUNS = 12
const ORIGIN = 'http://127.0.0.1:5173'
const PROJECT = 'projectId=latch-dev'

const server = await startBenchStack('onramp')
const postJson = async <T>(route: string, body: unknown): Promise<T> => {
  const response = await fetch(`${server.url}${route}?${PROJECT}`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`${route} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}
try {
  const options = await fetch(`${server.url}/v1/onramp/options?${PROJECT}`).then(
    (response) =>
      response.json() as Promise<{
        purchaseCurrencies: { id: string; networks: { name: string }[] }[]
      }>,
  )
  const usdc = options.purchaseCurrencies.find((currency) => currency.id === 'USDC')
  const network = usdc?.networks[0]?.name
  if (!network) throw new Error('the server offers no USDC')
  const quote: number[] = []
  const link: number[] = []
  const settle: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const wallet = privateKeyToAccount(generatePrivateKey()).address
    let started = performance.now()
    const { quoteId } = await postJson<{ quoteId: string }>('/v1/onramp/quote', {
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50',
      network,
      provider: 'sandbox',
    })
    quote.push(performance.now() - started)
    started = performance.now()
    const { url, orderId } = await postJson<{ url: string; orderId: string }>(
      '/v1/generators/onrampurl',
      {
        destinationWallets: [{ address: wallet, blockchains: [network], assets: ['USDC'] }],
        defaultNetwork: network,
        presetFiatAmount: 50,
        provider: 'sandbox',
        quoteId,
      },
    )
    link.push(performance.now() - started)
    // The checkout page's card form, as the visitor's browser submits it.
    const page = await fetch(url).then((response) => response.text())
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)?.[1]
    if (!key) throw new Error('the checkout page has no card form')
    started = performance.now()
    const paid = await fetch(`${url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        method: 'card',
        idempotencyKey: key,
        cardNumber: ONRAMP_SANDBOX_CARDS.succeeds,
        expiry: '12/39',
        cvc: '123',
        name: 'Bench Visitor',
      }),
    })
    if (paid.status !== 303) throw new Error(`the payment answered ${paid.status}`)
    for (;;) {
      const order = (await fetch(`${server.url}/v1/onramp/orders/${orderId}?${PROJECT}`).then(
        (response) => response.json(),
      )) as { status: string; failureReason?: string }
      if (order.status === 'completed') break
      if (order.status === 'failed') throw new Error(`order failed: ${order.failureReason}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    settle.push(performance.now() - started)
  }
  console.log(
    `quote 50 USD of USDC: ${p50AndMax(quote)}; checkout link (sandbox order): ${p50AndMax(link)}`,
  )
  console.log(
    `card payment -> order completed (USDC sent and mined), ${RUNS} orders: ${p50AndMax(settle)}`,
  )
} finally {
  await server.stop()
}
