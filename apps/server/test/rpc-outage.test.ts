import { createTestClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chainsOfDevnet } from '../src/config.ts'
import { deployTestEns } from './accountFixtures.ts'
import { loginByEmail, walletCall } from './embeddedFixtures.ts'
import { type FrozenUpstream, startFrozenUpstream } from './frozenUpstream.fixture.ts'
import { startTestServer, type TestServer } from './helpers.ts'
import {
  COIN_B,
  chainA,
  freshKey,
  freshLabel,
  namesApi,
  nowSeconds,
  signedBody,
  ZONE,
} from './namesFixtures.ts'

// The chain's RPC freezes under the server: every route that reads it answers within the RPC
// timeout (a 503, or the gateway's in-band error), an identity says it is unavailable rather than
// "no name", no call is sent twice, and the first answers after the RPC resumes are fast.

const RPC_TIMEOUT_MS = 1_500
const CHAIN = `eip155:${chainA.chainId}`
const PROJECT = 'projectId=latch-dev'
const USDC = chainA.tokens.find((token) => token.symbol === 'USDC')?.address
const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const CHAIN_DOWN_MESSAGE = 'The chain RPC did not answer: try again'

type Timed = { name: string; status: number; body: string; ms: number }

describe('the chain RPC frozen under the server', () => {
  let upstream: FrozenUpstream
  let server: TestServer
  beforeAll(async () => {
    upstream = await startFrozenUpstream(chainA.rpcUrl)
    // An ENS on the chain, so identities depend on it as on mainnet.
    const deployer = freshKey()
    await createTestClient({ mode: 'anvil', transport: http(chainA.rpcUrl) }).setBalance({
      address: deployer.address,
      value: 10n ** 18n,
    })
    const ens = await deployTestEns(chainA, deployer)
    const chains = chainsOfDevnet(inject('devnet')).map((chain) =>
      chain.chainId === chainA.chainId
        ? { ...chain, rpcUrls: [upstream.url], ensRegistry: ens.registry }
        : chain,
    )
    server = await startTestServer('pglite', {
      LATCH_CHAINS: JSON.stringify(chains),
      RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
      RPC_RATE_LIMIT: '100000',
    })
  })
  afterAll(async () => {
    upstream?.thaw()
    await server?.close()
    await upstream?.close()
  })

  const timed = async (
    name: string,
    request: { method?: 'GET' | 'POST'; url: string; payload?: object },
  ): Promise<Timed> => {
    const started = performance.now()
    const response = await server.app.inject(request)
    return {
      name,
      status: response.statusCode,
      body: response.body,
      ms: Math.round(performance.now() - started),
    }
  }
  const reads = (address: string, forceUpdate: boolean) => [
    timed('balance', {
      url: `/v1/account/${HOLDER}/balance?${PROJECT}&chainId=${CHAIN}${forceUpdate ? '&forceUpdate=true' : ''}`,
    }),
    timed('gas price', { url: `/v1/convert/gas-price?${PROJECT}&chainId=${CHAIN}` }),
    timed('swap quote', {
      url: `/v1/convert/quotes?${PROJECT}&amount=1000000000000000&userAddress=${CHAIN}:${HOLDER}&from=${NATIVE}&to=${CHAIN}:${USDC}`,
    }),
    timed('identity', { url: `/v1/identity/${address}?${PROJECT}` }),
    timed('gateway', {
      method: 'POST',
      url: `/v1?${PROJECT}&chainId=${CHAIN}`,
      payload: { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
    }),
  ]
  const show = (answers: Timed[]) => answers.map(({ name, ms }) => `${name} ${ms}`).join(', ')

  it('answers within the RPC timeout, says an identity is unavailable, and is fast again after', async () => {
    const api = namesApi(server)
    // Known before: a name, cached; the pools the quote reads; the gas price works. The name is
    // on the other chain, whose RPC stays up, so its signatures can still be checked.
    const signer = freshKey()
    const name = `${freshLabel()}.${ZONE}`
    const onB = { coinType: COIN_B }
    const registered = await api.register(
      await signedBody(signer, { name, attributes: {}, timestamp: nowSeconds() }, onB),
    )
    expect(registered.statusCode, registered.body).toBe(200)
    expect((await api.identity(signer.address)).json()).toEqual({ name, avatar: null })
    const warm = await Promise.all(reads(freshKey().address, true))
    expect(warm.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200])

    upstream.freeze()
    const unknown = freshKey().address
    const moved = freshKey().address
    const [during, update] = await Promise.all([
      Promise.all(reads(unknown, true)),
      // The name moves to another address: its old address no longer has it, and ENS is down.
      api.updateAddress(
        name,
        await signedBody(
          signer,
          { name, coin_type: COIN_B, address: moved, timestamp: nowSeconds() },
          onB,
        ),
      ),
    ])
    const byName = Object.fromEntries(during.map((answer) => [answer.name, answer]))
    expect(byName.balance?.status).toBe(503)
    expect(JSON.parse(byName.balance?.body ?? '{}').message).toBe(
      `Token balances unavailable: ${CHAIN} did not answer`,
    )
    expect(byName['gas price']?.status).toBe(503)
    expect(byName['swap quote']?.status).toBe(503)
    expect(byName.identity?.status).toBe(503)
    expect(JSON.parse(byName.identity?.body ?? '{}').message).toBe(
      'Identity unavailable: a chain did not answer',
    )
    expect(byName.gateway?.status).toBe(200)
    expect(JSON.parse(byName.gateway?.body ?? '{}').error.message).toMatch(/^Upstream unavailable/)
    for (const answer of during) expect(answer.ms, answer.name).toBeLessThan(RPC_TIMEOUT_MS + 1_000)
    expect(update.statusCode, update.body).toBe(200)
    const heldFirst = upstream.held()

    // The name's old address: not "no name" while ENS cannot be asked, but unavailable.
    const oldAddress = await timed('identity', { url: `/v1/identity/${signer.address}?${PROJECT}` })
    expect(oldAddress.status).toBe(503)
    expect(oldAddress.ms).toBeLessThan(RPC_TIMEOUT_MS + 1_000)
    const again = await Promise.all(reads(unknown, true))
    for (const answer of again) expect(answer.ms, answer.name).toBeLessThan(RPC_TIMEOUT_MS + 1_000)

    const heldLater = upstream.held() - heldFirst
    const waiting = upstream.thaw()
    const after = await Promise.all(reads(unknown, false))
    expect(after.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200])
    expect(JSON.parse(after[3]?.body ?? '{}')).toEqual({ name: null, avatar: null })
    for (const answer of after) expect(answer.ms, answer.name).toBeLessThan(500)
    // Calls that reached the frozen node: one per chain read of the first batch (balance, gas,
    // quote, identity, gateway, and the name change's identity refreshes: 9), none sent again;
    // after it, one probe at a time: the old address's identity, then the second batch.
    expect(heldFirst).toBeLessThanOrEqual(10)
    expect(heldLater).toBeLessThanOrEqual(2)
    console.info(
      `RPC frozen (timeout ${RPC_TIMEOUT_MS} ms): first answers in ms ${show(during)}; old ` +
        `address identity ${oldAddress.ms}; next ${show(again)}; calls held by the frozen node ` +
        `${heldFirst} then ${heldLater} (${waiting} waiting when it resumed); then ${show(after)}`,
    )
  })

  /** A call of the embedded wallet's API (the frame's listener) as `token`'s user, timed. */
  const wallet = async (
    token: string,
    name: string,
    route: 'rpc' | 'rpc/cost',
    method: string,
    params: unknown,
  ): Promise<Timed> => {
    const started = performance.now()
    const response = await walletCall(
      server,
      route,
      { method, params, chainId: chainA.chainId },
      { token },
    )
    return {
      name,
      status: response.statusCode,
      body: response.body,
      ms: Math.round(performance.now() - started),
    }
  }

  it('the embedded wallet answers 503 with a plain message while the chain is out, never 400 or 500', async () => {
    const { sessionToken } = await loginByEmail(server)
    const to = freshKey().address
    const send = [{ to, value: '0x1' }]
    const batch = [{ version: '2.0.0', calls: [{ to, value: '0x1' }, { to }] }]
    const calls = () => [
      wallet(sessionToken, 'send', 'rpc', 'eth_sendTransaction', send),
      wallet(sessionToken, 'send calls', 'rpc', 'wallet_sendCalls', batch),
      wallet(sessionToken, 'cost', 'rpc/cost', 'eth_sendTransaction', send),
      wallet(sessionToken, 'cost of calls', 'rpc/cost', 'wallet_sendCalls', batch),
    ]
    upstream.freeze()
    try {
      // The first calls find the chain up and wait out the timeout; the next find it down and
      // wait for one probe, failing with the circuit's error (which viem wraps as an unknown one).
      const first = await Promise.all(calls())
      const next = await Promise.all(calls())
      for (const answer of [...first, ...next]) {
        expect(answer.status, `${answer.name}: ${answer.body}`).toBe(503)
        expect(JSON.parse(answer.body).message, answer.name).toBe(CHAIN_DOWN_MESSAGE)
        // One wait: a send is not tried another way (viem's single fill call, then each field).
        expect(answer.ms, answer.name).toBeLessThan(RPC_TIMEOUT_MS + 1_000)
      }
      console.info(`Embedded wallet, RPC frozen: ${show(first)}; then ${show(next)}`)
    } finally {
      upstream.thaw()
    }
  })

  it('costs a transaction within one RPC timeout when the chain stops answering between its calls', async () => {
    const { sessionToken } = await loginByEmail(server)
    // One wei more than the empty balance: the estimate with the value fails, as it does for
    // any amount the balance cannot pay, and is asked again without it.
    const tx = [{ to: freshKey().address, value: '0x1' }]
    const cost = (name: string) => wallet(sessionToken, name, 'rpc/cost', 'eth_sendTransaction', tx)
    // The balance is read, then the gas estimate, or the fee's calls, go unanswered: each is
    // waited for once, not asked again another way (without the value, the legacy gas price).
    const stalls = {
      'gas estimate': ['eth_estimateGas'],
      'fees per gas': [
        'eth_getBlockByNumber',
        'eth_maxPriorityFeePerGas',
        'eth_feeHistory',
        'eth_gasPrice',
      ],
    }
    const figures: string[] = []
    for (const [name, methods] of Object.entries(stalls)) {
      // Answered first, so the chain is up when it stops answering under the route.
      const before = await cost(name)
      expect(before.status, before.body).toBe(200)
      expect(JSON.parse(before.body).shortfall).not.toBe('0')
      upstream.freeze(methods)
      try {
        const answer = await cost(name)
        expect(answer.status, `${name}: ${answer.body}`).toBe(503)
        expect(JSON.parse(answer.body).message, name).toBe(CHAIN_DOWN_MESSAGE)
        expect(answer.ms, name).toBeLessThan(RPC_TIMEOUT_MS + 1_000)
        figures.push(`${name} ${answer.ms}`)
      } finally {
        upstream.thaw()
      }
    }
    console.info(`Cost with the chain stalled under it, answered 503 in ms: ${figures.join(', ')}`)
  })
})
