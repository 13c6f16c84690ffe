import { NATIVE_TOKEN_ADDRESS } from '@latch/protocol'
import type { LightMyRequestResponse } from 'fastify'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CHAIN_CHECK_HUNG_MS } from '../src/chains/chainHealth.ts'
import { chainsOfDevnet } from '../src/config.ts'
import { type FrozenUpstream, startFrozenUpstream } from './frozenUpstream.fixture.ts'
import { startTestServer, type TestServer } from './helpers.ts'
import {
  chainA,
  chainB,
  freshKey,
  freshLabel,
  namesApi,
  nowSeconds,
  signedBody,
  ZONE,
} from './namesFixtures.ts'
import { signedSiwx, siwxCall } from './siwxFixtures.ts'

// One chain's RPC frozen (connections accepted, nothing answered, as a node stopped with
// SIGSTOP): the instance stays in the balancer's rotation, what touches that chain answers within
// the RPC timeout, and what does not touch it answers as usual.

const devnet = inject('devnet')
const CHAIN_A = `eip155:${chainA.chainId}`
const CHAIN_B = `eip155:${chainB.chainId}`
const RPC_TIMEOUT_MS = 1_000
/** Past the RPC timeout, what a route may take to say so: its own work on a loaded machine. */
const MARGIN_MS = 500
/** An answer from what the instance knows already, with room for a loaded 2-core machine. */
const HEALTH_BOUND_MS = 100
const PROJECT = 'projectId=latch-dev&st=react&sv=0.1.0'

const tokenA = (symbol: string) => {
  const token = chainA.tokens.find((entry) => entry.symbol === symbol)
  if (!token) throw new Error(`no ${symbol} on chain A`)
  return `${CHAIN_A}:${token.address}`
}

async function timed(
  send: () => Promise<LightMyRequestResponse>,
): Promise<{ response: LightMyRequestResponse; ms: number }> {
  const started = performance.now()
  const response = await send()
  return { response, ms: Math.round(performance.now() - started) }
}

describe("a chain's RPC frozen", () => {
  // Two URLs, as a deployment lists a fallback; both frozen.
  let upstreams: FrozenUpstream[]
  let server: TestServer
  const holder = privateKeyToAccount(generatePrivateKey()).address
  const get = (path: string) => () => server.app.inject({ url: path })
  const post = (path: string, payload: object) => () =>
    server.app.inject({ method: 'POST', url: path, payload })

  beforeAll(async () => {
    upstreams = await Promise.all([1, 2].map(() => startFrozenUpstream(chainA.rpcUrl)))
    const chains = chainsOfDevnet(devnet).map((chain) =>
      chain.chainId === chainA.chainId
        ? { ...chain, rpcUrls: upstreams.map((upstream) => upstream.url) }
        : chain,
    )
    server = await startTestServer('pglite', {
      LATCH_CHAINS: JSON.stringify(chains),
      RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
      RPC_RATE_LIMIT: '100000',
      // Few enough that the routes sent all at once queue for the frozen URLs.
      UPSTREAM_MAX_IN_FLIGHT: '2',
      UPSTREAM_MAX_QUEUED: '32',
    })
    // Answered once while the chain is up: the instance knows it, then it freezes.
    expect((await server.app.inject({ url: '/health' })).json().status).toBe('ok')
    for (const upstream of upstreams) upstream.freeze()
  })
  afterAll(async () => {
    for (const upstream of upstreams ?? []) upstream.thaw()
    await server?.close()
    await Promise.all((upstreams ?? []).map((upstream) => upstream.close()))
  })

  /** The routes that read chain A, each a call the kit or a site makes. */
  const touchingChainA = () => ({
    balance: get(`/v1/account/${holder}/balance?${PROJECT}&chainId=${CHAIN_A}&forceUpdate=true`),
    'gas price': get(`/v1/convert/gas-price?${PROJECT}&chainId=${CHAIN_A}`),
    'swap tokens': get(`/v1/convert/tokens?${PROJECT}&chainId=${CHAIN_A}`),
    'swap quote': get(
      `/v1/convert/quotes?${PROJECT}&${new URLSearchParams({
        from: `${CHAIN_A}:${NATIVE_TOKEN_ADDRESS}`,
        to: tokenA('USDC'),
        amount: '1000000000000000',
        userAddress: `${CHAIN_A}:${holder}`,
      })}`,
    ),
    allowance: get(
      `/v1/convert/allowance?${PROJECT}&tokenAddress=${tokenA('USDC')}&userAddress=${CHAIN_A}:${holder}`,
    ),
    'build approve': get(
      `/v1/convert/build-approve?${PROJECT}&${new URLSearchParams({
        from: tokenA('USDC'),
        to: `${CHAIN_A}:${NATIVE_TOKEN_ADDRESS}`,
        userAddress: `${CHAIN_A}:${holder}`,
      })}`,
    ),
    'build swap': post(`/v1/convert/build-transaction?${PROJECT}`, {
      projectId: 'latch-dev',
      eip155: { slippage: 1 },
      from: `${CHAIN_A}:${NATIVE_TOKEN_ADDRESS}`,
      to: tokenA('USDC'),
      amount: '1000000000000000',
      userAddress: `${CHAIN_A}:${holder}`,
    }),
    prices: post(`/v1/fungible/price?${PROJECT}`, {
      projectId: 'latch-dev',
      currency: 'usd',
      addresses: [tokenA('DAI')],
    }),
    identity: get(`/v1/identity/${holder}?${PROJECT}&chainId=${CHAIN_A}`),
    gateway: post(`/v1?${PROJECT}&chainId=${CHAIN_A}`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getBalance',
      params: [holder, 'latest'],
    }),
  })

  /** Each answer is data, or a 503 saying which chain did not answer: never a hang or a 500. */
  const expectAnswered = (name: string, response: LightMyRequestResponse) => {
    expect([200, 503], `${name}: ${response.body}`).toContain(response.statusCode)
    if (response.statusCode === 503) expect(response.json().message, name).toMatch(/\S/)
  }

  it('keeps /health at 200 and at once, as a balancer checks it: degraded, naming the frozen chain', async () => {
    // Checked every 200 ms until the chain's block number check has gone unanswered.
    const checks: { response: LightMyRequestResponse; ms: number }[] = []
    const started = performance.now()
    const withinMs = CHAIN_CHECK_HUNG_MS + 1_000
    while (checks.at(-1)?.response.json().status !== 'degraded') {
      if (performance.now() - started > withinMs) throw new Error(`not degraded in ${withinMs} ms`)
      checks.push(await timed(get('/health')))
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const degradedAfterMs = Math.round(performance.now() - started)
    for (const { response, ms } of checks) {
      expect(ms).toBeLessThan(HEALTH_BOUND_MS)
      expect(response.statusCode).toBe(200)
    }
    const body = checks.at(-1)?.response.json()
    expect(body).toMatchObject({ status: 'degraded', database: { ok: true } })
    const chains = body.chains as { caipNetworkId: string; ok: boolean; error?: string }[]
    expect(chains.find((chain) => chain.caipNetworkId === CHAIN_A)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^RPC unavailable: /),
    })
    expect(chains.find((chain) => chain.caipNetworkId === CHAIN_B)?.ok).toBe(true)
    console.info(
      `/health with ${CHAIN_A} frozen: ${checks.length} checks, the slowest ` +
        `${Math.max(...checks.map(({ ms }) => ms))} ms, each 200; degraded ${degradedAfterMs} ms ` +
        `after it froze (RPC_TIMEOUT_MS ${RPC_TIMEOUT_MS})`,
    )
  })

  it('answers each route that reads the frozen chain within one RPC timeout, one after another and all at once', async () => {
    type Answer = { name: string; response: LightMyRequestResponse; ms: number }
    const oneByOne: Answer[] = []
    for (const [name, send] of Object.entries(touchingChainA()))
      oneByOne.push({ name, ...(await timed(send)) })
    const together = await Promise.all(
      Object.entries(touchingChainA()).map(async ([name, send]) => ({
        name,
        ...(await timed(send)),
      })),
    )
    const figures = (answers: Answer[]) =>
      answers.map(({ name, response, ms }) => `${name} ${response.statusCode} ${ms}`).join(', ')
    console.info(
      `${CHAIN_A} frozen (two URLs), RPC_TIMEOUT_MS ${RPC_TIMEOUT_MS}, route status ms: one after ` +
        `another: ${figures(oneByOne)}; all at once: ${figures(together)}`,
    )
    for (const { name, response, ms } of [...oneByOne, ...together]) {
      expectAnswered(name, response)
      expect(ms, name).toBeLessThan(RPC_TIMEOUT_MS + MARGIN_MS)
    }
  })

  it('signs in an EOA and registers its name without the chain', async () => {
    const signed = await signedSiwx(server, chainA.chainId)
    const signIn = await timed(() => siwxCall(server, 'POST', 'verify', { body: signed }))
    expect(signIn.response.statusCode, signIn.response.body).toBe(200)
    expect(signIn.ms).toBeLessThan(MARGIN_MS)

    const signer = freshKey()
    const name = `${freshLabel('frozen')}.${ZONE}`
    const body = await signedBody(signer, {
      name,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    const registered = await timed(() => namesApi(server).register(body))
    expect(registered.response.statusCode, registered.response.body).toBe(200)
    expect(registered.ms).toBeLessThan(MARGIN_MS)
    console.info(
      `${CHAIN_A} frozen: EOA sign-in ${signIn.ms} ms, EOA name registration ${registered.ms} ms`,
    )
  })

  it("says a contract account's signature cannot be checked while its chain is frozen: 503, not 'Invalid signature'", async () => {
    // Signed by a key that is not the address's: only the account's contract, on its chain, can
    // say whether it accepts the signature.
    const account = freshKey().address
    const signed = await signedSiwx(server, chainA.chainId, account)
    const signIn = await timed(() => siwxCall(server, 'POST', 'verify', { body: signed }))
    const body = await signedBody(
      freshKey(),
      { name: `${freshLabel('frozen')}.${ZONE}`, attributes: {}, timestamp: nowSeconds() },
      { address: account },
    )
    const registered = await timed(() => namesApi(server).register(body))
    for (const [name, { response, ms }] of Object.entries({ signIn, registered })) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(503)
      expect(response.json().message, name).toBe(
        `Signature check unavailable: ${CHAIN_A} did not answer; try again`,
      )
      expect(ms, name).toBeLessThan(RPC_TIMEOUT_MS + MARGIN_MS)
    }
  })

  it('answers what never reads the frozen chain as usual, and fast', async () => {
    const calls = {
      nonce: () => siwxCall(server, 'GET', 'nonce'),
      'other chain balance': get(
        `/v1/account/${holder}/balance?${PROJECT}&chainId=${CHAIN_B}&forceUpdate=true`,
      ),
      history: get(`/v1/account/${holder}/history?${PROJECT}`),
      'supported chains': get(`/v1/supported-chains?${PROJECT}`),
      wallets: get(`/getWallets?${PROJECT}&page=1&entries=4`),
    }
    const answers = await Promise.all(
      Object.entries(calls).map(async ([name, send]) => ({ name, ...(await timed(send)) })),
    )
    for (const { name, response, ms } of answers) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200)
      expect(ms, name).toBeLessThan(MARGIN_MS)
    }
  })
})
