import { randomBytes } from 'node:crypto'
import { type FakePriceApi, loginAtDevProvider, startFakePriceApi } from '@latch/devnet'
import { NATIVE_TOKEN_ADDRESS } from '@latch/protocol'
import { type Hex, parseEther, parseUnits, toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  bitcoinChainsOfDevnet,
  chainsOfDevnet,
  polkadotChainsOfDevnet,
  solanaChainsOfDevnet,
} from '../src/config.ts'
import { CODE_BURNT_MESSAGE } from '../src/embedded/codes.ts'
import { RPC_SESSION_LIMIT } from '../src/embedded/constants.ts'
import { REVOKES_PER_MINUTE } from '../src/sessions/routes.ts'
import { devnetRpc } from './devnetTx.ts'
import { loginByEmail, newDeviceId, newEmail, requestCode, walletCall } from './embeddedFixtures.ts'
import { DEMO_ORIGIN, freshDatabaseConfig, startTestServer, type TestServer } from './helpers.ts'
import { COIN_A, freshKey, misSignedRegistration } from './namesFixtures.ts'
import { alertOf, chainA, goodCard, onrampApi, usdcBalance } from './onrampFixtures.ts'
import { freshIp, signedSiwx, siwxCall } from './siwxFixtures.ts'

// Three server instances on one PostgreSQL database and one Redis, as behind a load balancer:
// whatever a visitor starts at one instance must hold at the others. A and B are plain; C trusts
// the proxy at 127.0.0.1 (where `inject` requests come from) for X-Forwarded-For.

const devnet = inject('devnet')
const CHAIN = `eip155:${chainA.chainId}`
const NAME_WRITES = 3
const PAY_ATTEMPTS = 3

let priceApi: FakePriceApi
let a: TestServer
let b: TestServer
let c: TestServer

beforeAll(async () => {
  // Every token of the chain priced, so on-ramp quotes (priced in USDC) work too.
  const tokens = Object.fromEntries(chainA.tokens.map((token) => [token.address, 1]))
  priceApi = await startFakePriceApi({
    prices: { coins: { ethereum: 3000 }, tokens: { 'latch-devnet': tokens } },
  })
  const chains = chainsOfDevnet(devnet).map((chain) =>
    chain.chainId === chainA.chainId
      ? { ...chain, priceApi: { platform: 'latch-devnet', nativeCoinId: 'ethereum' } }
      : chain,
  )
  const env = {
    // A Redis database of this file's own: no other test's cache entry or count meets these.
    REDIS_URL: `${inject('redisUrl')}/7`,
    // One key for every instance, as deployed: each decrypts the wallet keys the others made.
    WALLET_MASTER_KEY: randomBytes(32).toString('hex'),
    PRICE_API_URL: priceApi.url,
    LATCH_CHAINS: JSON.stringify([
      ...chains,
      ...solanaChainsOfDevnet(devnet),
      ...bitcoinChainsOfDevnet(devnet),
      ...polkadotChainsOfDevnet(devnet),
    ]),
    NAMES_WRITES_PER_MINUTE: String(NAME_WRITES),
    ONRAMP_PAY_ATTEMPTS_PER_MINUTE: String(PAY_ATTEMPTS),
  }
  const database = await freshDatabaseConfig('postgres')
  a = await startTestServer('postgres', env, database)
  ;[b, c] = await Promise.all([
    startTestServer('postgres', env, database),
    startTestServer('postgres', { ...env, TRUST_PROXY: '127.0.0.1' }, database),
  ])
})

/** A sandbox order of 20 USD of USDC for `address`, quoted and made at `server`. */
async function sandboxOrder(server: TestServer, address: string) {
  const api = onrampApi(server.app)
  const quote = await api.quoted({
    purchaseCurrency: 'USDC',
    paymentCurrency: 'USD',
    amount: '20',
    network: 'latch-devnet',
    paymentMethod: 'card',
    provider: 'sandbox',
  })
  return { quote, ...(await api.sandboxOrder(address, { quoteId: quote.quoteId })) }
}

/**
 * Sends `max` calls through `hit`, alternating between A and B, each answered `passing` (counted,
 * not refused); then one more at each instance is the limit's 429.
 */
async function expectSharedLimit(
  hit: (server: TestServer) => Promise<{ statusCode: number; json(): { message: string } }>,
  max: number,
  passing: number,
) {
  const statuses: number[] = []
  for (let i = 0; i < max; i++) statuses.push((await hit(i % 2 === 0 ? a : b)).statusCode)
  expect(statuses.filter((status) => status !== passing)).toEqual([])
  for (const server of [b, a]) {
    const refused = await hit(server)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toMatch(
      new RegExp(`^Too many requests: at most ${max} per 60 s; retry in \\d+ s$`),
    )
  }
}

afterAll(async () => {
  await Promise.all([a?.close(), b?.close(), c?.close()])
  await priceApi?.stop()
})

describe('SIWX across instances', () => {
  const call = siwxCall
  const signedAt = (issuer: TestServer) => signedSiwx(issuer, chainA.chainId)

  it('a nonce from A works once at B; a session from A holds at B, and signing out at B ends it at A', async () => {
    const crossed = await signedAt(a)
    const atB = await call(b, 'POST', 'verify', { body: crossed })
    expect(atB.statusCode, atB.body).toBe(200)
    for (const server of [a, b]) {
      const replay = await call(server, 'POST', 'verify', { body: crossed })
      expect(replay.statusCode).toBe(401)
      expect(replay.json().message).toMatch(/^Nonce already used/)
    }

    const { token, session } = (await call(a, 'POST', 'verify', { body: await signedAt(a) })).json()
    const checked = await call(b, 'GET', 'session', { token })
    expect(checked.statusCode).toBe(200)
    expect(checked.json()).toEqual(session)
    expect((await call(b, 'POST', 'signout', { token })).json()).toEqual({ revoked: true })
    const after = await call(a, 'GET', 'session', { token })
    expect(after.statusCode).toBe(401)
    expect(after.json().message).toBe('Session revoked: sign in again')
  })

  /** A SIWX call as the demo page makes it, from one client address `ip`. */
  const fromIp =
    (ip: string, method: 'GET' | 'POST', route: string, payload?: object) => (server: TestServer) =>
      server.app.inject({
        method,
        url: `/auth/v1/siwx/${route}?projectId=latch-dev`,
        headers: { origin: DEMO_ORIGIN },
        ...(payload && { payload }),
        remoteAddress: ip,
      })

  it('shares the per-IP nonce limit: 30 a minute over A and B together, then both refuse', async () => {
    await expectSharedLimit(fromIp(freshIp(), 'GET', 'nonce'), 30, 200)
  })

  it('shares the per-IP verify limit: 30 a minute over A and B together, then both refuse', async () => {
    // Unsigned text: refused as a message, but counted first, as every attempt is.
    const unsigned = { message: 'not a sign-in message', signature: '0x00' }
    const verifyAt = fromIp(freshIp(), 'POST', 'verify', unsigned)
    await expectSharedLimit(verifyAt, 30, 400)
    // Another address is not held back by it.
    expect((await siwxCall(a, 'POST', 'verify', { body: await signedAt(b) })).statusCode).toBe(200)
  })
})

describe('email login across instances', () => {
  it('verifies at B a code sent via A; five wrong codes over A and B burn it; the cooldown from A holds at B', async () => {
    const login = { email: newEmail('multi'), deviceId: newDeviceId() }
    const code = await requestCode(a, login.email, login.deviceId)
    const verified = await walletCall(b, 'email/verify', { ...login, otp: code })
    expect(verified.statusCode, verified.body).toBe(200)

    // The cooldown: a second start within 30 s, at the other instance, is refused with its wait.
    const again = await walletCall(b, 'email/start', { ...login, projectId: 'latch-dev' })
    expect(again.statusCode).toBe(429)
    expect(again.json().message).toMatch(/^Please try again after (29|30) seconds$/)

    const burnt = { email: newEmail('burn'), deviceId: newDeviceId() }
    const right = await requestCode(b, burnt.email, burnt.deviceId)
    const wrong = right === '000000' ? '000001' : '000000'
    const answers: string[] = []
    for (const server of [a, b, a, b, a]) {
      const response = await walletCall(server, 'email/verify', { ...burnt, otp: wrong })
      expect(response.statusCode).toBe(400)
      answers.push(response.json().message)
    }
    expect(answers).toEqual([
      'Invalid code: 4 tries left',
      'Invalid code: 3 tries left',
      'Invalid code: 2 tries left',
      'Invalid code: 1 try left',
      CODE_BURNT_MESSAGE,
    ])
    const late = await walletCall(b, 'email/verify', { ...burnt, otp: right })
    expect(late.statusCode).toBe(400)
    expect(late.json().message).toBe(CODE_BURNT_MESSAGE)
  })
})

describe('social login across instances', () => {
  it('completes at B the OAuth state made at A, and A hands over the session', async () => {
    const started = await walletCall(a, 'social/start', {
      provider: 'dev',
      deviceId: newDeviceId(),
      projectId: 'latch-dev',
    })
    expect(started.statusCode, started.body).toBe(200)
    const flow = started.json() as { flowId: string; flowSecret: string; authorizationUrl: string }
    const login = `multi-${randomBytes(4).toString('hex')}`
    const callback = await loginAtDevProvider(flow.authorizationUrl, { login })
    const page = await b.frame.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    })
    expect(page.statusCode, page.body).toBe(200)
    const finished = await walletCall(a, 'social/finish', {
      flowId: flow.flowId,
      flowSecret: flow.flowSecret,
    })
    expect(finished.statusCode, finished.body).toBe(200)
    expect(finished.json()).toMatchObject({
      status: 'connected',
      user: { email: `${login}@dev.latch.test`, socialProvider: 'dev' },
    })
  })
})

describe('embedded-wallet sessions across instances', () => {
  it('a session made at A signs at B; signed out at B, A refuses it', async () => {
    const { sessionToken, user } = await loginByEmail(a)
    const signed = await walletCall(
      b,
      'rpc',
      {
        method: 'personal_sign',
        params: [toHex('Across instances'), user.address],
        chainId: chainA.chainId,
      },
      { token: sessionToken },
    )
    expect(signed.statusCode, signed.body).toBe(200)
    expect(
      await verifyMessage({
        address: user.address,
        message: 'Across instances',
        signature: signed.json().result,
      }),
    ).toBe(true)
    expect((await walletCall(b, 'session/signout', {}, { token: sessionToken })).statusCode).toBe(
      200,
    )
    const refused = await walletCall(
      a,
      'rpc',
      { method: 'personal_sign', params: ['0x00', user.address], chainId: chainA.chainId },
      { token: sessionToken },
    )
    expect(refused.statusCode).toBe(401)
    expect(refused.json().message).toBe('Session Expired')
  })

  it('shares the per-session call limit: 120 a minute over A and B together, then both refuse', async () => {
    const { sessionToken } = await loginByEmail(b)
    // The approval screen's network lookup: counted like a signing call, but signs nothing.
    const lookUp = (server: TestServer) =>
      walletCall(server, 'evm/network', { chainId: chainA.chainId }, { token: sessionToken })
    await expectSharedLimit(lookUp, RPC_SESSION_LIMIT.max, 200)
    // Counted per session: another user's session at the same instances is not held back.
    const other = await loginByEmail(a)
    const otherCall = await walletCall(
      b,
      'evm/network',
      { chainId: chainA.chainId },
      { token: other.sessionToken },
    )
    expect(otherCall.statusCode, otherCall.body).toBe(200)
  })
})

describe('per-IP limits across instances, and TRUST_PROXY', () => {
  const register = async (
    server: TestServer,
    ip: string,
    forwardedFor?: string,
  ): Promise<number> => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/profile/account?projectId=latch-dev',
      payload: await misSignedRegistration(),
      remoteAddress: ip,
      ...(forwardedFor && { headers: { 'x-forwarded-for': forwardedFor } }),
    })
    if (response.statusCode === 429)
      expect(response.json().message).toMatch(
        new RegExp(`^Too many requests: at most ${NAME_WRITES} per 60 s; retry in \\d+ s$`),
      )
    return response.statusCode
  }

  it('shares the name-write limit; a forged X-Forwarded-For dodges nothing, behind a trusted proxy it names the client', async () => {
    const visitor = freshIp()
    const spread = [
      await register(a, visitor),
      await register(b, visitor),
      await register(a, visitor),
    ]
    expect(spread).toEqual([401, 401, 401])
    expect(await register(b, visitor)).toBe(429)
    // TRUST_PROXY off (A, B): the header is the visitor's own word, and the peer is still counted.
    expect(await register(a, visitor, freshIp())).toBe(429)
    expect(await register(b, visitor, `${freshIp()}, ${freshIp()}`)).toBe(429)

    // C trusts its proxy (127.0.0.1): the forwarded address is the client, counted with A's.
    const behind = freshIp()
    for (let write = 0; write < NAME_WRITES; write++)
      expect(await register(c, '127.0.0.1', behind)).toBe(401)
    expect(await register(c, '127.0.0.1', behind)).toBe(429)
    expect(await register(a, behind)).toBe(429)
    expect(await register(c, '127.0.0.1', freshIp())).toBe(401)
  })

  it('shares the per-IP smart-session revoke limit: 30 a minute over A and B together', async () => {
    const visitor = freshIp()
    const account = privateKeyToAddress(generatePrivateKey())
    // A session the account does not have: 404, counted first as every revocation is.
    const revoke = (server: TestServer) =>
      server.app.inject({
        method: 'POST',
        url: `/v1/sessions/${account}/revoke?projectId=latch-dev`,
        payload: { pci: toHex(7n, { size: 32 }), signature: `0x${'11'.repeat(65)}` },
        remoteAddress: visitor,
      })
    await expectSharedLimit(revoke, REVOKES_PER_MINUTE, 404)
  })

  it('shares the sandbox on-ramp pay limit', async () => {
    const { path } = await sandboxOrder(a, privateKeyToAddress(generatePrivateKey()))
    const payer = freshIp()
    // An empty card form: counted, then the page again with what to fix.
    const statuses: number[] = []
    for (const server of [a, b, a, b]) {
      const api = onrampApi(server.app)
      statuses.push(
        (await api.pay(path, 'card', {}, await api.formKey(path, 'card'), payer)).statusCode,
      )
    }
    expect(statuses).toEqual([400, 400, 400, 429])
    const limited = await onrampApi(a.app).pay(path, 'card', {}, 'k', payer)
    expect(limited.statusCode).toBe(429)
    expect(alertOf(limited)).toMatch(
      new RegExp(`^Too many requests: at most ${PAY_ATTEMPTS} per 60 s; retry in \\d+ s$`),
    )
  })
})

describe('caches across instances', () => {
  const balanceOf = (server: TestServer, address: string, forceUpdate = false) =>
    server.app.inject({
      url: `/v1/account/${address}/balance?projectId=latch-dev&chainId=${CHAIN}${forceUpdate ? '&forceUpdate=true' : ''}`,
    })
  const etherOf = (response: {
    json(): { balances: { symbol: string; quantity: { numeric: string } }[] }
  }) => response.json().balances.find((entry) => entry.symbol === 'ETH')?.quantity.numeric ?? '0'
  const nativePrice = async (server: TestServer) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/fungible/price',
      payload: {
        projectId: 'latch-dev',
        currency: 'usd',
        addresses: [`${CHAIN}:${NATIVE_TOKEN_ADDRESS}`],
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().fungibles[0]?.price as number
  }

  it('serves at B the balance, price and identity A cached, within their TTLs', async () => {
    const holder = privateKeyToAddress(generatePrivateKey())
    // Balance: read at A (none), then the chain changes; B answers A's reading until forced.
    expect(etherOf(await balanceOf(a, holder))).toBe('0')
    await devnetRpc(chainA.rpcUrl, 'anvil_setBalance', [holder, toHex(parseEther('2'))])
    expect(etherOf(await balanceOf(b, holder))).toBe('0')
    expect(etherOf(await balanceOf(b, holder, true))).toBe('2')

    // Price: the API is asked once, through A; B serves the cached price after the API changed.
    const asked = priceApi.requests.length
    const price = await nativePrice(a)
    const tokens = Object.fromEntries(chainA.tokens.map((token) => [token.address, 1]))
    priceApi.setPrices({ coins: { ethereum: price + 500 }, tokens: { 'latch-devnet': tokens } })
    expect(await nativePrice(b)).toBe(price)
    expect(priceApi.requests.length - asked).toBeLessThanOrEqual(1)

    // Identity: A caches "no name"; a name then written straight to the database (no refresh of
    // the cache) shows in B's reverse lookup, which reads the database, but not in B's identity.
    const named = freshKey().address
    const identity = (server: TestServer) =>
      server.app.inject({ url: `/v1/identity/${named}?projectId=latch-dev` })
    expect((await identity(a)).json()).toEqual({ name: null, avatar: null })
    const name = `cached${randomBytes(4).toString('hex')}.latch.id`
    await a.db.query(
      `insert into names (name, label, zone, attributes) values ($1, $2, 'latch.id', '{}'::jsonb)`,
      [name, name.split('.')[0]],
    )
    await a.db.query(
      'insert into name_addresses (name, coin_type, address, verified) values ($1, $2, $3, true)',
      [name, COIN_A, named],
    )
    const reverse = await b.app.inject({
      url: `/v1/profile/reverse/${named}?projectId=latch-dev&apiVersion=2`,
    })
    expect(reverse.json().map((record: { name: string }) => record.name)).toEqual([name])
    expect((await identity(b)).json()).toEqual({ name: null, avatar: null })
  })
})

describe('on-ramp payouts across instances', () => {
  it('pays a paid order out once when its payment reaches A and B at once', async () => {
    const address = privateKeyToAddress(generatePrivateKey())
    const [atA, atB] = [onrampApi(a.app), onrampApi(b.app)]
    const { quote, orderId, path } = await sandboxOrder(a, address)
    const [keyA, keyB] = await Promise.all([atA.formKey(path, 'card'), atB.formKey(path, 'card')])
    // Two tabs, one submit each, landing on two instances at once: one payment, one payout.
    const paid = await Promise.all([
      atA.pay(path, 'card', goodCard(), keyA, freshIp()),
      atB.pay(path, 'card', goodCard(), keyB, freshIp()),
    ])
    // Both see the order's page again (Post/Redirect/Get): the second finds it paid already.
    expect(paid.map((response) => response.statusCode)).toEqual([303, 303])
    const settled = await atB.settled(orderId)
    expect(settled.status).toBe('completed')
    const expected = parseUnits(quote.purchaseAmount.amount, 6)
    expect(await usdcBalance(address)).toBe(expected)
    // Both instances' payout workers poll again: still one transfer's worth.
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    expect(await usdcBalance(address)).toBe(expected)
    expect((await atA.orderOf(orderId)).txHash).toBe(settled.txHash as Hex)
  })
})
