import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startFakePriceApi } from '@latch/devnet'
import {
  balanceResponse,
  fungiblePriceResponse,
  NATIVE_TOKEN_ADDRESS,
  type TokenBalance,
} from '@latch/protocol'
import type { Account } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chainsOfDevnet } from '../src/config.ts'
import {
  type CountingUpstream,
  chainTools,
  deployTestEns,
  type PoolPrices,
  poolPrices,
  startCountingUpstream,
  type TestEns,
} from './accountFixtures.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'

const devnet = inject('devnet')
const chainA = devnet.chains[0] as (typeof devnet.chains)[number]
const CHAIN_A = `eip155:${chainA.chainId}`
const PROJECT = 'projectId=latch-dev&st=latch&sv=0.1.0'
const tools = chainTools(chainA)
const bank = privateKeyToAccount(devnet.accounts[6]?.privateKey as `0x${string}`)
const freshAccount = () => privateKeyToAccount(generatePrivateKey())
const caip10 = (symbol: string) => `${CHAIN_A}:${tools.tokenOf(symbol).address}`

/** What a fresh holder gets: three tokens with every decimal place used, and ether for gas. */
const FUNDING = {
  ETH: '0.05',
  USDC: '1234.567891',
  DAI: '12.345678901234567891',
  WBTC: '0.12345678',
}

async function fundHolder(): Promise<Account> {
  const holder = freshAccount()
  await tools.sendEther(bank, holder.address, FUNDING.ETH)
  for (const symbol of ['USDC', 'DAI', 'WBTC'] as const)
    await tools.sendToken(bank, symbol, holder.address, FUNDING[symbol])
  return holder
}

/** Devnet chains as server config, chain A changed as given (RPC URLs, ENS, price API names). */
function chainsEnv(changeA: Record<string, unknown> = {}): string {
  return JSON.stringify(
    chainsOfDevnet(devnet).map((chain) =>
      chain.chainId === chainA.chainId ? { ...chain, ...changeA } : chain,
    ),
  )
}

const withProject = (url: string) => `${url}${url.includes('?') ? '&' : '?'}${PROJECT}`

const getBalance = (server: TestServer, address: string, query = '') =>
  server.app.inject({
    method: 'GET',
    url: `/v1/account/${address}/balance?currency=usd&chainId=${CHAIN_A}&${PROJECT}${query}`,
  })

const bySymbol = (balances: TokenBalance[]) =>
  Object.fromEntries(balances.map((entry) => [entry.symbol, entry]))

/** Prices equal (to float noise) to those of one moment's pool reserves among `snapshots`. */
function expectPoolPrices(actual: Record<string, number>, snapshots: PoolPrices[]) {
  const close = (a: number, b: number | undefined) =>
    b !== undefined && Math.abs(a - b) <= Math.abs(b) * 1e-12
  const matching = snapshots.find((snapshot) =>
    Object.entries(actual).every(([symbol, price]) => close(price, snapshot[symbol])),
  )
  expect(matching, `${JSON.stringify(actual)} vs ${JSON.stringify(snapshots)}`).toBeDefined()
}

/** A port nothing listens on. */
async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

let ens: TestEns
let named: Account
beforeAll(async () => {
  // The devnet has no ENS: deploy a registry and resolver answering as ENS's do.
  const ensOwner = freshAccount()
  await tools.sendEther(bank, ensOwner.address, '1')
  ens = await deployTestEns(chainA, ensOwner)
  named = freshAccount()
  await ens.setReverseName(ensOwner, named.address, 'alice.latch.eth')
  await ens.setForward(ensOwner, 'alice.latch.eth', named.address, 'https://img.example/alice.png')
})

describe.each(DIALECTS)('account data (%s)', (dialect) => {
  let server: TestServer
  let holder: Account
  const snapshots: PoolPrices[] = []
  beforeAll(async () => {
    holder = await fundHolder()
    snapshots.push(await poolPrices(chainA))
    server = await startTestServer(dialect, {
      LATCH_CHAINS: chainsEnv({ ensRegistry: ens.registry }),
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  describe('GET /v1/account/{address}/balance', () => {
    it('lists the native coin and each held token with exact quantities, priced from the pools', async () => {
      const response = await getBalance(server, holder.address)
      snapshots.push(await poolPrices(chainA))
      expect(response.statusCode).toBe(200)
      const { balances } = balanceResponse.parse(response.json())
      // Native first, then tokens in config order; no WETH or SPAM: this account holds none.
      expect(balances.map((entry) => entry.symbol)).toEqual(['ETH', 'USDC', 'DAI', 'WBTC'])
      const entries = bySymbol(balances)
      expect(entries.ETH).toMatchObject({
        name: 'Ether',
        chainId: CHAIN_A,
        quantity: { decimals: '18', numeric: FUNDING.ETH },
      })
      expect(entries.ETH).not.toHaveProperty('address')
      for (const [symbol, decimals] of [
        ['USDC', '6'],
        ['DAI', '18'],
        ['WBTC', '8'],
      ] as const) {
        expect(entries[symbol]).toMatchObject({
          name: tools.tokenOf(symbol).name,
          chainId: CHAIN_A,
          address: caip10(symbol),
          quantity: { decimals, numeric: FUNDING[symbol] },
        })
      }
      expect(entries.USDC?.price).toBe(1)
      expectPoolPrices(
        Object.fromEntries(balances.map((entry) => [entry.symbol, entry.price])),
        snapshots,
      )
      for (const entry of balances) {
        expect(entry.price, entry.symbol).toBeGreaterThan(0)
        expect(entry.value, entry.symbol).toBeCloseTo(
          entry.price * Number(entry.quantity.numeric),
          9,
        )
      }
    })

    it('gives every entry an icon URL that serves an image', async () => {
      const { balances } = balanceResponse.parse((await getBalance(server, holder.address)).json())
      for (const entry of balances) {
        const url = new URL(entry.iconUrl)
        expect(url.pathname).toBe(`/public/getTokenImage/${entry.symbol}`)
        const image = await server.app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}`,
        })
        expect(image.statusCode, entry.iconUrl).toBe(200)
        expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/)
      }
    })

    it('shows WETH once held but never a token the config flags as spam; an address with nothing gets only its native coin, at zero', async () => {
      const spammed = freshAccount()
      await tools.sendToken(bank, 'SPAM', spammed.address, '42')
      await tools.sendToken(bank, 'WETH', spammed.address, '0.5')
      const { balances } = balanceResponse.parse((await getBalance(server, spammed.address)).json())
      // No ETH held: the native coin is still listed, at zero; SPAM is held yet left out.
      expect(balances.map((entry) => entry.symbol)).toEqual(['ETH', 'WETH'])
      expect(JSON.stringify(balances)).not.toContain('claim-rewards')
      // A symbol the icon set lacks still gets an image: a generated tile.
      const spamIcon = new URL(bySymbol(balances).WETH?.iconUrl ?? '')
      const image = await server.app.inject({
        method: 'GET',
        url: `${spamIcon.pathname.replace(/WETH$/, 'SPAM')}${spamIcon.search}`,
      })
      expect(image.body).toContain('<title>SPAM</title>')

      const empty = balanceResponse.parse((await getBalance(server, freshAccount().address)).json())
      expect(empty.balances).toMatchObject([{ symbol: 'ETH', quantity: { numeric: '0' } }])
      expect(empty.balances).toHaveLength(1)
    })

    it('accepts the address without 0x and in any case, as one cached entry', async () => {
      const bare = holder.address.slice(2).toUpperCase()
      const response = await getBalance(server, bare)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual((await getBalance(server, holder.address)).json())
    })

    it.each([
      ['/v1/account/0x1234/balance?chainId=CHAIN', 'params.address: Expected an account address'],
      ['/v1/account/ADDR/balance?chainId=eip155', 'querystring.chainId: Expected a CAIP-2'],
      ['/v1/account/ADDR/balance', 'querystring.chainId'],
      ['/v1/account/ADDR/balance?chainId=CHAIN&currency=eur', 'currency must be usd'],
      [
        '/v1/account/ADDR/balance?chainId=CHAIN&forceUpdate=yes',
        'forceUpdate must be true or false',
      ],
      ['/v1/account/ADDR/balance?chainId=eip155:999', 'Unsupported chain eip155:999'],
      ['/v1/account/ADDR/balance?chainId=solana:5eykt4', 'Unsupported chain solana:5eykt4'],
    ])('answers %s with 400 and why', async (path, message) => {
      const url = path.replace('ADDR', holder.address).replace('CHAIN', CHAIN_A)
      const response = await server.app.inject({ method: 'GET', url: withProject(url) })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(response.json().message).toContain(message)
    })

    it('answers an unknown project with 401', async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/v1/account/${holder.address}/balance?chainId=${CHAIN_A}&projectId=nobody`,
      })
      expect(response.statusCode).toBe(401)
      expect(response.json().message).toMatch(/Invalid Project ID/)
    })
  })

  describe('POST /v1/fungible/price', () => {
    const post = (body: Record<string, unknown>, query = '') =>
      server.app.inject({
        method: 'POST',
        url: `/v1/fungible/price${query}`,
        payload: { projectId: 'latch-dev', currency: 'usd', ...body },
      })

    it('prices USDC at 1, the native coin at the pool price, and leaves unknown tokens out', async () => {
      const native = `${CHAIN_A}:${NATIVE_TOKEN_ADDRESS}`
      const unknown = `${CHAIN_A}:${freshAccount().address}`
      const response = await post({ addresses: [caip10('USDC'), native, unknown, caip10('SPAM')] })
      snapshots.push(await poolPrices(chainA))
      expect(response.statusCode).toBe(200)
      const { fungibles } = fungiblePriceResponse.parse(response.json())
      expect(fungibles.map((entry) => entry.address)).toEqual([
        caip10('USDC'),
        native,
        caip10('SPAM'),
      ])
      expect(fungibles[0]).toMatchObject({ name: 'USD Coin', symbol: 'USDC', price: 1 })
      expect(fungibles[1]).toMatchObject({ name: 'Ether', symbol: 'ETH' })
      expect(fungibles[2]).toMatchObject({ symbol: 'SPAM', price: 0 })
      expectPoolPrices({ ETH: fungibles[1]?.price ?? 0 }, snapshots)
      expect(new URL(fungibles[0]?.iconUrl ?? '').pathname).toBe('/public/getTokenImage/USDC')
    })

    it('takes st and sv (and the same projectId) in the query', async () => {
      const response = await post({ addresses: [caip10('USDC')] }, `?${PROJECT}`)
      expect(response.statusCode).toBe(200)
      expect(response.json().fungibles).toHaveLength(1)
    })

    it.each([
      [{ addresses: [] }, 'body.addresses: addresses needs at least one CAIP-10 token id'],
      [{ addresses: ['eip155:31337'] }, 'Expected a CAIP-10 account id'],
      [
        { addresses: ['eip155:999:0x0000000000000000000000000000000000000001'] },
        'Unsupported chain eip155:999',
      ],
      [{ addresses: ['eip155:CHAIN:0x12'] }, 'Expected an EVM token address in'],
      [{ currency: 'eur', addresses: ['USDC'] }, 'currency must be usd'],
    ])('answers %j with 400 and why', async (body, message) => {
      const addresses = (body.addresses as string[]).map((id) =>
        id === 'USDC' ? caip10('USDC') : id.replace('CHAIN', String(chainA.chainId)),
      )
      const response = await post({ ...body, addresses })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toContain(message)
    })

    it('needs the project id in the body and refuses an unknown one', async () => {
      const missing = await server.app.inject({
        method: 'POST',
        url: '/v1/fungible/price',
        payload: { currency: 'usd', addresses: [caip10('USDC')] },
      })
      expect(missing.statusCode).toBe(400)
      expect(missing.json().message).toBe('projectId is required')
      const unknown = await post({ projectId: 'nobody', addresses: [caip10('USDC')] })
      expect(unknown.statusCode).toBe(401)
    })
  })

  describe('GET /v1/identity/{address}', () => {
    const getIdentity = (address: string, query = '') =>
      server.app.inject({ method: 'GET', url: `/v1/identity/${address}?${PROJECT}${query}` })

    it('answers nulls for an address without a name, with a 5-minute Cache-Control', async () => {
      const response = await getIdentity(freshAccount().address, `&sender=${holder.address}`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ name: null, avatar: null })
      expect(response.headers['cache-control']).toBe('public, max-age=300')
    })

    it('answers an ENS primary name and its avatar, on the chain or on every chain', async () => {
      const expected = { name: 'alice.latch.eth', avatar: 'https://img.example/alice.png' }
      expect((await getIdentity(named.address, `&chainId=${CHAIN_A}`)).json()).toEqual(expected)
      expect((await getIdentity(named.address)).json()).toEqual(expected)
      // Chain B names no ENS registry.
      const onB = await getIdentity(named.address, `&chainId=eip155:${devnet.chains[1]?.chainId}`)
      expect(onB.json()).toEqual({ name: null, avatar: null })
    })

    it('ignores a reverse record whose name does not point back at the address', async () => {
      const impostor = freshAccount()
      const writer = freshAccount()
      await tools.sendEther(bank, writer.address, '0.1')
      await ens.setReverseName(writer, impostor.address, 'alice.latch.eth')
      expect((await getIdentity(impostor.address)).json()).toEqual({ name: null, avatar: null })
    })

    it('keeps an answer 5 minutes: a name set meanwhile shows later', async () => {
      const later = freshAccount()
      expect((await getIdentity(later.address)).json()).toEqual({ name: null, avatar: null })
      const writer = freshAccount()
      await tools.sendEther(bank, writer.address, '0.1')
      await ens.setReverseName(writer, later.address, 'later.latch.eth')
      await ens.setForward(writer, 'later.latch.eth', later.address)
      expect((await getIdentity(later.address)).json()).toEqual({ name: null, avatar: null })
      // Another chain scope is another cache entry: it reads the chain now.
      expect((await getIdentity(later.address, `&chainId=${CHAIN_A}`)).json()).toEqual({
        name: 'later.latch.eth',
        avatar: null,
      })
    })

    it.each([
      ['/v1/identity/0xnothex', 'params.address: Expected an account address'],
      ['/v1/identity/ADDR?chainId=eip155:999', 'Unsupported chain eip155:999'],
      ['/v1/identity/ADDR?sender=bob', 'querystring.sender: Expected an account address'],
    ])('answers %s with 400 and why', async (path, message) => {
      const url = path.replace('ADDR', holder.address)
      const response = await server.app.inject({ method: 'GET', url: withProject(url) })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toContain(message)
    })
  })

  describe('GET /v1/convert/gas-price', () => {
    it('answers standard <= fast <= instant in whole wei', async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/v1/convert/gas-price?chainId=${CHAIN_A}&${PROJECT}`,
      })
      expect(response.statusCode).toBe(200)
      const body = response.json() as { standard: string; fast: string; instant: string }
      for (const value of Object.values(body)) expect(value).toMatch(/^\d+$/)
      const [standard, fast, instant] = [
        BigInt(body.standard),
        BigInt(body.fast),
        BigInt(body.instant),
      ]
      expect(standard).toBeGreaterThan(0n)
      expect(standard).toBeLessThanOrEqual(fast)
      expect(fast).toBeLessThanOrEqual(instant)
    })

    it.each([
      ['eip155:999', 'Network not supported for Gas Price'],
      ['solana:5eykt4', 'Network not supported for Gas Price'],
      ['31337', 'querystring.chainId: Expected a CAIP-2 network id such as eip155:1'],
    ])('answers chainId=%s with 400 %s', async (chainId, message) => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/v1/convert/gas-price?chainId=${chainId}&${PROJECT}`,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message })
    })
  })

  it('documents the account-data routes in OpenAPI under blockchain', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json()
    for (const [path, method] of [
      ['/v1/account/{address}/balance', 'get'],
      ['/v1/fungible/price', 'post'],
      ['/v1/identity/{address}', 'get'],
      ['/v1/convert/gas-price', 'get'],
    ] as const) {
      const operation = document.paths[path]?.[method]
      expect(operation?.tags, path).toEqual(['blockchain'])
      expect(operation?.summary, path).toEqual(expect.any(String))
      const parameters = (operation?.parameters ?? []).map((p: { name: string }) => p.name)
      expect(parameters, path).toEqual(expect.arrayContaining(['st', 'sv']))
    }
  })
})

describe.each(DIALECTS)('balance reads and caching (%s)', (dialect) => {
  let upstream: CountingUpstream
  let server: TestServer
  beforeAll(async () => {
    upstream = await startCountingUpstream(chainA.rpcUrl)
    server = await startTestServer(dialect, {
      LATCH_CHAINS: chainsEnv({ rpcUrls: [upstream.url] }),
    })
  })
  afterAll(async () => {
    await server?.close()
    await upstream?.close()
  })

  it('reads all balances in one eth_call, and nothing when cached', async () => {
    // Cold: the balances, the pool addresses (once for good) and the pools' reserves.
    let mark = upstream.requests.length
    await getBalance(server, freshAccount().address)
    expect(upstream.since(mark)).toEqual([['eth_call'], ['eth_call'], ['eth_call']])

    const holder = await fundHolder()
    mark = upstream.requests.length
    const first = await getBalance(server, holder.address)
    expect(upstream.since(mark)).toEqual([['eth_call']])
    expect(bySymbol(first.json().balances).DAI?.quantity.numeric).toBe(FUNDING.DAI)

    mark = upstream.requests.length
    const cached = await getBalance(server, holder.address)
    expect(upstream.since(mark)).toEqual([])
    expect(cached.json()).toEqual(first.json())

    mark = upstream.requests.length
    const forced = await getBalance(server, holder.address, '&forceUpdate=true')
    expect(upstream.since(mark)).toEqual([['eth_call']])
    expect(forced.json()).toEqual(first.json())
  })

  it('keeps a cached balance after a transfer until forceUpdate', async () => {
    const holder = await fundHolder()
    const before = bySymbol((await getBalance(server, holder.address)).json().balances)
    expect(before.USDC?.quantity.numeric).toBe(FUNDING.USDC)
    await tools.sendToken(bank, 'USDC', holder.address, '0.000009')

    const stale = bySymbol((await getBalance(server, holder.address)).json().balances)
    expect(stale.USDC?.quantity.numeric).toBe(FUNDING.USDC)
    const fresh = bySymbol(
      (await getBalance(server, holder.address, '&forceUpdate=true')).json().balances,
    )
    expect(fresh.USDC?.quantity.numeric).toBe('1234.5679')
    expect(fresh.USDC?.value).toBeCloseTo(1234.5679, 9)
    // The forced read refreshed the cache for everyone.
    const after = bySymbol((await getBalance(server, holder.address)).json().balances)
    expect(after.USDC?.quantity.numeric).toBe('1234.5679')
  })

  it('answers 503, not 500, when the chain does not answer', async () => {
    const dead = await startTestServer(dialect, {
      LATCH_CHAINS: chainsEnv({ rpcUrls: [await closedPortUrl()] }),
    })
    try {
      const [balance, gas] = await Promise.all([
        getBalance(dead, freshAccount().address),
        dead.app.inject({
          method: 'GET',
          url: `/v1/convert/gas-price?chainId=${CHAIN_A}&${PROJECT}`,
        }),
      ])
      expect(balance.statusCode).toBe(503)
      expect(balance.json().message).toBe(`Token balances unavailable: ${CHAIN_A} did not answer`)
      expect(gas.statusCode).toBe(503)
      expect(gas.json().message).toBe(`Gas price unavailable: ${CHAIN_A} did not answer`)
    } finally {
      await dead.close()
    }
  })
})

describe('balance cache shared through Redis', () => {
  let upstream: CountingUpstream
  let first: TestServer
  let second: TestServer
  beforeAll(async () => {
    upstream = await startCountingUpstream(chainA.rpcUrl)
    const env = {
      REDIS_URL: inject('redisUrl'),
      LATCH_CHAINS: chainsEnv({ rpcUrls: [upstream.url] }),
    }
    ;[first, second] = await Promise.all([
      startTestServer('pglite', env),
      startTestServer('postgres', env),
    ])
  })
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()])
    await upstream?.close()
  })

  it('serves one instance the balances another read', async () => {
    const holder = await fundHolder()
    await getBalance(first, freshAccount().address) // prices and pools, into Redis
    let mark = upstream.requests.length
    const read = await getBalance(first, holder.address)
    expect(upstream.since(mark)).toEqual([['eth_call']])
    mark = upstream.requests.length
    const shared = await getBalance(second, holder.address)
    expect(upstream.since(mark)).toEqual([])
    expect(shared.json()).toEqual(read.json())
    expect(bySymbol(shared.json().balances).WBTC?.quantity.numeric).toBe(FUNDING.WBTC)
  })
})

describe.each(DIALECTS)('prices from a CoinGecko-shaped price API (%s)', (dialect) => {
  const PRICES = { ethereum: 3141.5, USDC: 0.9998, DAI: 1.0002, WBTC: 64_000.25 }
  let api: Awaited<ReturnType<typeof startFakePriceApi>>
  let server: TestServer
  let holder: Account
  beforeAll(async () => {
    holder = await fundHolder()
    api = await startFakePriceApi({
      prices: {
        coins: { ethereum: PRICES.ethereum },
        tokens: {
          'latch-devnet': {
            [tools.tokenOf('USDC').address]: PRICES.USDC,
            [tools.tokenOf('DAI').address]: PRICES.DAI,
            [tools.tokenOf('WBTC').address]: PRICES.WBTC,
          },
        },
      },
    })
    server = await startTestServer(dialect, {
      PRICE_API_URL: api.url,
      LATCH_CHAINS: chainsEnv({
        priceApi: { platform: 'latch-devnet', nativeCoinId: 'ethereum' },
      }),
    })
  })
  afterAll(async () => {
    await server?.close()
    await api?.stop()
  })

  it('prices balances from the API, asking it once per chain for 30 s', async () => {
    const response = await getBalance(server, holder.address)
    expect(response.statusCode).toBe(200)
    const entries = bySymbol(balanceResponse.parse(response.json()).balances)
    expect(entries.ETH?.price).toBe(PRICES.ethereum)
    expect(entries.USDC?.price).toBe(PRICES.USDC)
    expect(entries.DAI?.price).toBe(PRICES.DAI)
    expect(entries.WBTC?.price).toBe(PRICES.WBTC)
    expect(entries.WBTC?.value).toBeCloseTo(PRICES.WBTC * 0.12345678, 9)
    expect(api.requests).toHaveLength(2)
    expect(api.requests).toContain('/api/v3/simple/price?ids=ethereum&vs_currencies=usd')
    const tokenCall = api.requests.find((path) => path.includes('/simple/token_price/'))
    expect(tokenCall).toMatch(/^\/api\/v3\/simple\/token_price\/latch-devnet\?contract_addresses=/)
    expect(tokenCall).toContain(tools.tokenOf('SPAM').address.toLowerCase())

    const fungible = await server.app.inject({
      method: 'POST',
      url: '/v1/fungible/price',
      payload: {
        projectId: 'latch-dev',
        currency: 'usd',
        addresses: [caip10('DAI'), caip10('SPAM'), `${CHAIN_A}:${NATIVE_TOKEN_ADDRESS}`],
      },
    })
    expect(fungible.json().fungibles.map((entry: { price: number }) => entry.price)).toEqual([
      PRICES.DAI,
      0,
      PRICES.ethereum,
    ])
    expect(api.requests).toHaveLength(2)
  })

  it('answers balances unpriced when the price API is down', async () => {
    const down = await startTestServer(dialect, {
      PRICE_API_URL: `${await closedPortUrl()}/api/v3`,
      LATCH_CHAINS: chainsEnv({ priceApi: { platform: 'latch-devnet' } }),
    })
    try {
      const response = await getBalance(down, holder.address)
      expect(response.statusCode).toBe(200)
      const { balances } = balanceResponse.parse(response.json())
      expect(balances.map((entry) => entry.symbol)).toEqual(['ETH', 'USDC', 'DAI', 'WBTC'])
      for (const entry of balances) {
        expect(entry.price).toBe(0)
        expect(entry).not.toHaveProperty('value')
      }
    } finally {
      await down.close()
    }
  })
})
