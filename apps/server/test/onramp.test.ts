import {
  ONRAMP_QUOTE_TTL_MS,
  ONRAMP_SANDBOX_FEE_PERCENT,
  onrampLimitMessage,
  onrampOptionsResponse,
  projectConfigResponse,
} from '@latch/protocol'
import { formatEther, getAddress } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCents } from '../src/onramp/pricing.ts'
import { ProjectStore } from '../src/projects.ts'
import { devnetClient } from './devnetTx.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'
import { chainA, chainB, onrampApi, PROJECT } from './onrampFixtures.ts'

const freshAddress = () => privateKeyToAddress(generatePrivateKey())

/** Cents of a fiat amount string the server answered ("49.25"). */
const cents = (amount: string) => {
  expect(amount).toMatch(/^\d+\.\d{2}$/)
  return toCents(amount)
}

describe.each(DIALECTS)('on-ramp options, quotes and provider URLs on %s', (dialect) => {
  let server: TestServer
  let api: ReturnType<typeof onrampApi>
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      ONRAMP_COINBASE_APP_ID: 'cb-app-1',
      ONRAMP_MELD_PUBLIC_KEY: 'meld-public-1',
      ONRAMP_MELD_URL: 'https://meld.example/widget',
    })
    api = onrampApi(server.app)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('offers USDC and the native coin on each devnet chain, paid in USD or EUR', async () => {
    const response = await api.options()
    expect(response.statusCode).toBe(200)
    const options = onrampOptionsResponse.parse(response.json())
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach', min: '10.00', max: '25000.00' },
    ]
    expect(options.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits },
      { id: 'EUR', payment_method_limits: limits },
    ])
    const network = (chain: typeof chainA, contract: string) => ({
      name: chain.name.toLowerCase().replaceAll(' ', '-'),
      display_name: chain.name,
      chain_id: String(chain.chainId),
      contract_address: contract,
    })
    const usdcOf = (chain: typeof chainA) =>
      chain.tokens.find((token) => token.symbol === 'USDC')?.address as string
    expect(options.purchaseCurrencies).toEqual([
      {
        id: 'USDC',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [network(chainA, usdcOf(chainA)), network(chainB, usdcOf(chainB))],
      },
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: [network(chainA, ''), network(chainB, '')],
      },
    ])
    expect(options.purchaseCurrencies[0]?.networks.map((entry) => entry.name)).toEqual([
      'latch-devnet',
      'latch-devnet-2',
    ])
  })

  it('prices USDC at 1 USD: the provider fee is its percent, the subtotal what the fees leave', async () => {
    const client = devnetClient(chainA)
    const gasBefore = await client.getGasPrice()
    const before = Date.now()
    const quote = await api.quoted({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'latch-devnet',
      provider: 'sandbox',
    })
    const gasAfter = await client.getGasPrice()
    expect(quote.paymentTotal).toEqual({ amount: '50.00', currency: 'USD' })
    // 1.5% of 50.00.
    expect(ONRAMP_SANDBOX_FEE_PERCENT).toBe(1.5)
    expect(quote.coinbaseFee).toEqual({ amount: '0.75', currency: 'USD' })
    expect(quote.networkFee.currency).toBe('USD')
    const networkFee = cents(quote.networkFee.amount)
    expect(networkFee).toBeGreaterThanOrEqual(1n)
    // 65,000 gas of an ERC-20 transfer at the chain's gas price, at the pool's ETH price.
    const ethUsd = await ethPrice()
    const feeAt = (gasPrice: bigint) => Number(formatEther(65_000n * gasPrice)) * ethUsd * 100
    const [low, high] = [gasBefore, gasAfter].map(feeAt).sort((a, b) => a - b) as [number, number]
    expect(Number(networkFee)).toBeGreaterThanOrEqual(Math.max(1, Math.floor(low * 0.98)))
    expect(Number(networkFee)).toBeLessThanOrEqual(Math.max(1, Math.ceil(high * 1.02)))
    const subtotal = 5000n - 75n - networkFee
    expect(cents(quote.paymentSubtotal.amount)).toBe(subtotal)
    expect(quote.paymentSubtotal.currency).toBe('USD')
    // USDC is the pools' USD token: exactly the subtotal arrives.
    expect(quote.purchaseAmount).toEqual({
      amount: String(Number(subtotal) / 100),
      currency: 'USDC',
    })
    expect(quote.quoteId).toMatch(/^[0-9a-f-]{36}$/)
    const expiresAt = Date.parse(quote.expiresAt)
    expect(expiresAt).toBeGreaterThanOrEqual(before + ONRAMP_QUOTE_TTL_MS - 1000)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + ONRAMP_QUOTE_TTL_MS + 1000)
  })

  it("prices with each provider's fee: coinbase 1%, meld 2%, the first offered by default", async () => {
    const ask = (provider?: 'coinbase' | 'meld') =>
      api.quoted({
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount: '200.50',
        network: 'latch-devnet-2',
        ...(provider ? { provider } : {}),
      })
    expect((await ask('coinbase')).coinbaseFee.amount).toBe('2.01')
    expect((await ask('meld')).coinbaseFee.amount).toBe('4.01')
    // This server offers coinbase first.
    expect((await ask()).coinbaseFee.amount).toBe('2.01')
  })

  it('quotes EUR at ONRAMP_USD_PER_EUR (1.08 by default)', async () => {
    const quote = await api.quoted({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'EUR',
      amount: '100',
      network: 'latch-devnet',
      provider: 'coinbase',
    })
    expect(quote.paymentTotal).toEqual({ amount: '100.00', currency: 'EUR' })
    expect(quote.coinbaseFee).toEqual({ amount: '1.00', currency: 'EUR' })
    expect(quote.networkFee.currency).toBe('EUR')
    const subtotal = cents(quote.paymentSubtotal.amount)
    expect(subtotal).toBe(10_000n - 100n - cents(quote.networkFee.amount))
    // Each euro cent buys 0.0108 USDC: truncated to USDC's 6 decimals.
    const micros = (subtotal * 108n * 1_000_000n) / 10_000n
    expect(quote.purchaseAmount.amount).toBe(String(Number(micros) / 1e6))
  })

  it('quotes the native coin at its pool price, truncated to 8 decimals', async () => {
    const quote = await api.quoted({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '3000',
      network: 'latch-devnet',
      provider: 'coinbase',
    })
    expect(quote.coinbaseFee.amount).toBe('30.00')
    expect(quote.purchaseAmount.currency).toBe('ETH')
    expect(quote.purchaseAmount.amount).toMatch(/^0\.\d{1,8}$/)
    const expected = Number(quote.paymentSubtotal.amount) / (await ethPrice())
    expect(Number(quote.purchaseAmount.amount)).toBeCloseTo(expected, 2)
  })

  it('refuses amounts outside the payment method limits with the shared message', async () => {
    const expectLimit = async (
      amount: string,
      paymentMethod: 'card' | 'ach',
      currency: 'USD' | 'EUR',
      message: string,
    ) => {
      const response = await api.quote({
        purchaseCurrency: 'USDC',
        paymentCurrency: currency,
        amount,
        network: 'latch-devnet',
        paymentMethod,
      })
      expect(response.statusCode, amount).toBe(400)
      expect(response.json().message).toBe(message)
    }
    await expectLimit('9.99', 'card', 'USD', onrampLimitMessage('min', '10.00', 'USD', 'card'))
    await expectLimit('7500.01', 'card', 'USD', onrampLimitMessage('max', '7500.00', 'USD', 'card'))
    await expectLimit('9', 'ach', 'EUR', onrampLimitMessage('min', '10.00', 'EUR', 'ach'))
    await expectLimit('25000.01', 'ach', 'USD', onrampLimitMessage('max', '25000.00', 'USD', 'ach'))
    expect(onrampLimitMessage('max', '25000.00', 'USD', 'ach')).toBe(
      'The maximum for a bank transfer is 25000.00 USD',
    )
    // Inside the bank limit, above the card's.
    const bank = await api.quote({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '25000',
      network: 'latch-devnet',
      paymentMethod: 'ach',
    })
    expect(bank.statusCode, bank.body).toBe(200)
    expect(bank.json().coinbaseFee.amount).toBe('250.00')
  })

  it('answers a 400 naming what is wrong: currency, network, amount, provider', async () => {
    const base = {
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'latch-devnet',
    }
    const expect400 = async (body: Record<string, unknown>, message: string | RegExp) => {
      const response = await api.quote(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      const text = response.json().message as string
      if (typeof message === 'string') expect(text).toBe(message)
      else expect(text).toMatch(message)
    }
    await expect400({ ...base, purchaseCurrency: 'DOGE' }, 'Unknown purchase currency DOGE')
    await expect400(
      { ...base, paymentCurrency: 'GBP' },
      'Unknown payment currency GBP: pay in USD or EUR',
    )
    await expect400({ ...base, network: 'solana' }, 'Unknown network solana')
    await expect400({ ...base, amount: '12.345' }, /amount is a number of at most 2 decimals/)
    await expect400({ ...base, amount: '-5' }, /amount is a number of at most 2 decimals/)
    await expect400({ ...base, amount: 50 }, /amount/)
    await expect400({ ...base, provider: 'moonpay' }, /provider/)
    await expect400({ ...base, paymentMethod: 'paypal' }, /paymentMethod/)
  })

  it('builds the Coinbase Onramp URL with exactly the given parameters and the app id', async () => {
    const address = getAddress(freshAddress())
    const wallets = [{ address, blockchains: ['latch-devnet'], assets: ['USDC'] }]
    const response = await api.url({
      provider: 'coinbase',
      destinationWallets: wallets,
      defaultNetwork: 'latch-devnet',
      partnerUserId: 'user-42',
      defaultExperience: 'buy',
      presetCryptoAmount: 25.5,
      presetFiatAmount: 50,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().orderId).toBeUndefined()
    const url = new URL(response.json().url)
    expect(`${url.origin}${url.pathname}`).toBe('https://pay.coinbase.com/buy/select-asset')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appId: 'cb-app-1',
      destinationWallets: JSON.stringify(wallets),
      defaultNetwork: 'latch-devnet',
      partnerUserId: 'user-42',
      defaultExperience: 'buy',
      presetCryptoAmount: '25.5',
      presetFiatAmount: '50',
    })

    // Only what is given (the experience defaults to buy), plus the app id.
    const minimal = await api.url({ destinationWallets: [{ address }] })
    expect(minimal.statusCode, minimal.body).toBe(200)
    expect(Object.fromEntries(new URL(minimal.json().url).searchParams)).toEqual({
      appId: 'cb-app-1',
      destinationWallets: JSON.stringify([{ address }]),
      defaultExperience: 'buy',
    })
  })

  it('builds the Meld URL: public key, USDC or SOL, the wallet, the project as customer', async () => {
    const address = getAddress(freshAddress())
    const paramsOf = async (body: Record<string, unknown>) => {
      const response = await api.url({ provider: 'meld', ...body })
      expect(response.statusCode, response.body).toBe(200)
      const url = new URL(response.json().url)
      expect(`${url.origin}${url.pathname}`).toBe('https://meld.example/widget')
      return Object.fromEntries(url.searchParams)
    }
    expect(await paramsOf({ destinationWallets: [{ address }], presetFiatAmount: 120.5 })).toEqual({
      publicKey: 'meld-public-1',
      destinationCurrencyCode: 'USDC',
      walletAddress: address,
      externalCustomerId: 'latch-dev',
      sourceAmount: '120.5',
    })
    const solana = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    expect(await paramsOf({ destinationWallets: [{ address: solana }] })).toEqual({
      publicKey: 'meld-public-1',
      destinationCurrencyCode: 'SOL',
      walletAddress: solana,
      externalCustomerId: 'latch-dev',
    })
    const onSolana = await paramsOf({ destinationWallets: [{ address }], defaultNetwork: 'solana' })
    expect(onSolana.destinationCurrencyCode).toBe('SOL')
  })

  it('refuses destination wallets that are not addresses', async () => {
    const badAddress = await api.url({ destinationWallets: [{ address: '0x1234' }] })
    expect(badAddress.statusCode).toBe(400)
    expect(badAddress.json().message).toMatch(/address is an EVM or a Solana address/)
    // 44 base58 characters, as long as a Solana address, that decode to 33 bytes: no key.
    const notAKey = await api.url({ destinationWallets: [{ address: 'z'.repeat(44) }] })
    expect(notAKey.statusCode, notAKey.body).toBe(400)
    expect(notAKey.json().message).toMatch(/address is an EVM or a Solana address/)
    // An EVM address with one letter in the wrong case: its checksum tells the typo.
    const mistyped = await api.url({
      destinationWallets: [{ address: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8' }],
    })
    expect(mistyped.statusCode, mistyped.body).toBe(400)
    expect(mistyped.json().message).toMatch(
      /^body\.destinationWallets\.0\.address: .*EIP-55 checksum/,
    )
    const none = await api.url({ destinationWallets: [] })
    expect(none.statusCode).toBe(400)
  })

  it('answers 404 for an order it does not have, 400 for an id that is none', async () => {
    const missing = await api.order('3f1c2b1a-0000-4000-8000-000000000000')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('No on-ramp order 3f1c2b1a-0000-4000-8000-000000000000')
    const bad = await api.order('nope')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/orderId is not an order id/)
  })

  it('lists the on-ramp routes in the OpenAPI document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json()
    for (const path of [
      '/v1/onramp/options',
      '/v1/onramp/quote',
      '/v1/generators/onrampurl',
      '/v1/onramp/orders/{orderId}',
      '/onramp/sandbox/checkout/{orderId}',
      '/onramp/sandbox/checkout/{orderId}/pay',
    ]) {
      const operations = Object.values(document.paths[path] ?? {}) as { tags?: string[] }[]
      expect(operations.length, path).toBeGreaterThan(0)
      for (const operation of operations) expect(operation.tags, path).toEqual(['onramp'])
    }
  })

  async function ethPrice(): Promise<number> {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/fungible/price',
      payload: {
        projectId: 'latch-dev',
        currency: 'usd',
        addresses: [`eip155:${chainA.chainId}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`],
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().fungibles[0].price as number
  }
})

describe('on-ramp providers per server', () => {
  const servers: TestServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
  })
  const start = async (env: Record<string, string | undefined>) => {
    const server = await startTestServer('pglite', env)
    servers.push(server)
    return server
  }
  const onrampConfig = async (server: TestServer) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/appkit/v1/config?${PROJECT}&st=latch`,
    })
    expect(response.statusCode).toBe(200)
    const { features } = projectConfigResponse.parse(response.json())
    return features.find((feature) => feature.id === 'onramp')
  }

  it('a development server runs the sandbox and lists only it without provider keys', async () => {
    const server = await start({})
    expect(server.config.onramp.providers).toEqual(['sandbox'])
    expect(await onrampConfig(server)).toEqual({
      id: 'onramp',
      isEnabled: true,
      config: ['sandbox'],
    })
    const quote = await onrampApi(server.app).quote({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '20',
      network: 'latch-devnet',
    })
    expect(quote.statusCode, quote.body).toBe(200)
    expect(quote.json().coinbaseFee.amount).toBe('0.30')
    // The default provider of the URL route is coinbase: not offered here.
    const url = await onrampApi(server.app).url({
      destinationWallets: [{ address: freshAddress() }],
    })
    expect(url.statusCode).toBe(400)
    expect(url.json().message).toBe('On-ramp provider coinbase is not available')
  })

  it('lists no sandbox with ONRAMP_SANDBOX=false, refuses it and serves no checkout', async () => {
    const server = await start({ ONRAMP_SANDBOX: 'false', ONRAMP_MELD_PUBLIC_KEY: 'k' })
    expect(await onrampConfig(server)).toEqual({ id: 'onramp', isEnabled: true, config: ['meld'] })
    const api = onrampApi(server.app)
    const quote = await api.quote({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'latch-devnet',
      provider: 'sandbox',
    })
    expect(quote.statusCode).toBe(400)
    expect(quote.json().message).toBe('On-ramp provider sandbox is not available')
    const url = await api.url({
      provider: 'sandbox',
      destinationWallets: [{ address: freshAddress() }],
      presetFiatAmount: 50,
    })
    expect(url.statusCode).toBe(400)
    expect(url.json().message).toBe('On-ramp provider sandbox is not available')
    const page = await server.app.inject({
      method: 'GET',
      url: '/onramp/sandbox/checkout/3f1c2b1a-0000-4000-8000-000000000000',
    })
    expect(page.statusCode).toBe(404)
    expect(page.headers['content-type']).toMatch(/^application\/json/)
  })

  it("keeps the project's providers this server offers, and adds its sandbox", async () => {
    const server = await start({ ONRAMP_COINBASE_APP_ID: 'cb' })
    await new ProjectStore(server.db).upsert({
      id: 'meld-shop',
      name: 'Meld shop',
      allowedOrigins: [],
      features: { onramp: { config: ['meld', 'coinbase'] } },
    })
    const response = await server.app.inject({
      method: 'GET',
      url: '/appkit/v1/config?projectId=meld-shop&st=latch',
    })
    const { features } = projectConfigResponse.parse(response.json())
    expect(features.find((feature) => feature.id === 'onramp')).toEqual({
      id: 'onramp',
      isEnabled: true,
      config: ['coinbase', 'sandbox'],
    })
  })

  it('offers nothing when no provider is configured: quotes say so', async () => {
    const server = await start({ ONRAMP_SANDBOX: 'false' })
    expect(await onrampConfig(server)).toEqual({ id: 'onramp', isEnabled: true, config: [] })
    const quote = await onrampApi(server.app).quote({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '20',
      network: 'latch-devnet',
    })
    expect(quote.statusCode).toBe(400)
    expect(quote.json().message).toBe('No on-ramp provider is available on this server')
  })
})
