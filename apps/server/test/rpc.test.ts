import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { RPC_BATCH_SIZE } from '@latch/protocol'
import { encodeFunctionData, parseAbi, parseGwei } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { ProjectStore } from '../src/projects.ts'
import { startTestServer, type TestServer } from './helpers.ts'

const devnet = inject('devnet')
const chainA = devnet.chains[0] as (typeof devnet.chains)[number]
const chainB = devnet.chains[1] as (typeof devnet.chains)[number]
const CHAIN_A = `eip155:${chainA.chainId}`
const CHAIN_B = `eip155:${chainB.chainId}`

type RpcAnswer = {
  jsonrpc: '2.0'
  id: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** Calls anvil itself, bypassing the gateway. */
async function direct(url: string, method: string, params: unknown[] = []): Promise<RpcAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as RpcAnswer
}

function call(method: string, params: unknown[] = [], id: unknown = 1) {
  return { jsonrpc: '2.0', id, method, params }
}

async function post(
  server: TestServer,
  body: unknown,
  query = `chainId=${CHAIN_A}&projectId=latch-dev`,
) {
  return server.app.inject({ method: 'POST', url: `/v1?${query}`, payload: body as object })
}

const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address

/**
 * A fresh account given 1 ETH by anvil_setBalance: no other test file shares its nonce (the dev
 * accounts are used by tests running in parallel).
 */
async function freshFundedAccount(rpcUrl: string) {
  const account = privateKeyToAccount(generatePrivateKey())
  await direct(rpcUrl, 'anvil_setBalance', [account.address, '0xde0b6b3a7640000'])
  return account
}

type Upstream = {
  url: string
  requests: number
  methods: string[]
  hanging: boolean
  close(): Promise<void>
}

/** A stand-in upstream in front of anvil: counts requests, and hangs (never answers) while told to. */
async function startUpstream(
  target: string,
  options: { hanging?: boolean } = {},
): Promise<Upstream> {
  const upstream: Upstream = {
    url: '',
    requests: 0,
    methods: [],
    hanging: options.hanging ?? false,
    close: async () => {},
  }
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    if (upstream.hanging) return
    upstream.requests++
    const body = Buffer.concat(chunks).toString()
    const parsed = JSON.parse(body) as { method: string } | { method: string }[]
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) upstream.methods.push(item.method)
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(await answer.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  upstream.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return upstream
}

/** A port nothing listens on: bound, then released. */
async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

function chainsEnv(urlsA: string[], urlsB: string[] = [chainB.rpcUrl]): string {
  return JSON.stringify([
    { chainId: chainA.chainId, name: chainA.name, rpcUrls: urlsA },
    { chainId: chainB.chainId, name: chainB.name, rpcUrls: urlsB },
  ])
}

describe('POST /v1 JSON-RPC gateway', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { RPC_RATE_LIMIT: '100000' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('answers eth_blockNumber as anvil does', async () => {
    const before = BigInt((await direct(chainA.rpcUrl, 'eth_blockNumber')).result as string)
    const response = await post(server, call('eth_blockNumber', [], 42))
    const after = BigInt((await direct(chainA.rpcUrl, 'eth_blockNumber')).result as string)
    expect(response.statusCode).toBe(200)
    const body = response.json() as RpcAnswer
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 42 })
    // Other test files may mine meanwhile: the answer lies between the two direct reads.
    expect(BigInt(body.result as string)).toBeGreaterThanOrEqual(before)
    expect(BigInt(body.result as string)).toBeLessThanOrEqual(after)
  })

  it('answers a batch in order with every id, refused and invalid calls in-band', async () => {
    const address = devnet.accounts[0]?.address as string
    const balance = (await direct(chainB.rpcUrl, 'eth_getBalance', [address, 'latest'])).result
    const response = await post(
      server,
      [
        call('eth_getBalance', [address, 'latest'], 'balance'),
        call('eth_chainId', [], 7),
        call('eth_sendTransaction', [{ from: address, to: address }], 3),
        { jsonrpc: '2.0', id: 9, params: [] },
        { jsonrpc: '1.0', id: 'old', method: 'eth_blockNumber' },
        42,
        call('net_version', [], null),
      ],
      `chainId=${CHAIN_B}&projectId=latch-dev`,
    )
    expect(response.statusCode).toBe(200)
    const answers = response.json() as RpcAnswer[]
    expect(answers.map((answer) => answer.id)).toEqual(['balance', 7, 3, 9, 'old', null, null])
    expect(answers[0]?.result).toBe(balance)
    expect(answers[1]?.result).toBe(`0x${chainB.chainId.toString(16)}`)
    expect(answers[2]?.error).toEqual({
      code: -32601,
      message: 'Method eth_sendTransaction is not allowed on the gateway',
    })
    expect(answers[3]?.error).toEqual({
      code: -32600,
      message: 'Invalid Request: method must be a non-empty string',
    })
    expect(answers[4]?.error).toEqual({
      code: -32600,
      message: 'Invalid Request: jsonrpc must be "2.0"',
    })
    expect(answers[5]?.error?.code).toBe(-32600)
    expect(answers[6]?.result).toBe(String(chainB.chainId))
  })

  it(`refuses a batch over ${RPC_BATCH_SIZE} calls with one JSON-RPC error, HTTP 200`, async () => {
    const batch = Array.from({ length: RPC_BATCH_SIZE + 1 }, (_, index) =>
      call('eth_blockNumber', [], index),
    )
    const response = await post(server, batch)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: 'Invalid Request: the batch has 1001 calls; the gateway takes at most 1000',
      },
    })
  })

  it('answers a batch of 1000 distinct reads', async () => {
    const batch = Array.from({ length: RPC_BATCH_SIZE }, (_, index) =>
      call('eth_getBlockByNumber', [`0x${(index % 5).toString(16)}`, false], index),
    )
    const answers = (await post(server, batch)).json() as RpcAnswer[]
    expect(answers).toHaveLength(RPC_BATCH_SIZE)
    expect(answers.every((answer, index) => answer.id === index && answer.result)).toBe(true)
  })

  it('refuses account and node methods, leaving anvil untouched', async () => {
    const sender = devnet.accounts[9]?.address as string
    const stranger = randomAddress()
    const before = BigInt((await direct(chainA.rpcUrl, 'eth_blockNumber')).result as string)
    const refused = [
      call('eth_sendTransaction', [{ from: sender, to: stranger, value: '0x1' }], 1),
      call('anvil_mine', ['0x3e8'], 2),
      call('anvil_setBalance', [stranger, '0xde0b6b3a7640000'], 3),
      call('eth_sign', [sender, '0xdeadbeef'], 4),
      call('eth_accounts', [], 5),
      call('debug_traceTransaction', ['0x00'], 6),
    ]
    for (const request of refused) {
      const answer = (await post(server, request)).json() as RpcAnswer
      expect(answer.error).toEqual({
        code: -32601,
        message: `Method ${request.method} is not allowed on the gateway`,
      })
    }
    expect((await direct(chainA.rpcUrl, 'eth_getBalance', [stranger, 'latest'])).result).toBe('0x0')
    const after = BigInt((await direct(chainA.rpcUrl, 'eth_blockNumber')).result as string)
    expect(after - before).toBeLessThan(1000n)
  })

  it('refuses an eth_getLogs range wider than 10,000 blocks, and lets a narrow one through', async () => {
    const wide = (
      await post(server, call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x2710' }]))
    ).json() as RpcAnswer
    expect(wide.error?.code).toBe(-32005)
    expect(wide.error?.message).toMatch(/10001 blocks; the gateway allows at most 10000/)
    const narrow = (
      await post(server, call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x1' }]))
    ).json() as RpcAnswer
    expect(Array.isArray(narrow.result)).toBe(true)
  })

  it('passes an upstream error on unchanged, with the caller id', async () => {
    const weth = chainA.contracts.weth9
    // Withdrawing WETH one does not hold reverts.
    const data = encodeFunctionData({
      abi: parseAbi(['function withdraw(uint256)']),
      args: [10n ** 18n],
    })
    const params = [{ from: randomAddress(), to: weth, data }, 'latest']
    const expected = await direct(chainA.rpcUrl, 'eth_call', params)
    expect(expected.error).toBeDefined()
    const answer = (await post(server, call('eth_call', params, 'revert'))).json() as RpcAnswer
    expect(answer).toEqual({ jsonrpc: '2.0', id: 'revert', error: expected.error })
  })

  it('refuses a chain it does not serve with 400 "Unsupported chain"', async () => {
    for (const chainId of ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'nonsense']) {
      const response = await post(
        server,
        call('eth_blockNumber'),
        `chainId=${chainId}&projectId=latch-dev`,
      )
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Unsupported chain',
      })
    }
  })

  it('refuses an unknown project with 401 and a missing one with 400', async () => {
    const unknown = await post(
      server,
      call('eth_blockNumber'),
      `chainId=${CHAIN_A}&projectId=nobody`,
    )
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().message).toBe('Invalid Project ID: no project "nobody" is registered')
    const missing = await post(server, call('eth_blockNumber'), `chainId=${CHAIN_A}`)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('projectId is required')
  })

  it('answers a body that is not JSON-RPC with 400 and why', async () => {
    const response = await post(server, { hello: 'world' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Body is not a JSON-RPC request or batch: jsonrpc must be "2.0"',
    })
  })

  it('sends a locally signed transfer on chain with eth_sendRawTransaction', async () => {
    const account = await freshFundedAccount(chainA.rpcUrl)
    const recipient = randomAddress()
    const nonce = (
      await post(server, call('eth_getTransactionCount', [account.address, 'pending']))
    ).json() as RpcAnswer
    const signed = await account.signTransaction({
      chainId: chainA.chainId,
      type: 'eip1559',
      to: recipient,
      value: 12345n,
      nonce: Number(nonce.result),
      gas: 21_000n,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: parseGwei('1'),
    })
    const sent = (await post(server, call('eth_sendRawTransaction', [signed]))).json() as RpcAnswer
    expect(sent.error).toBeUndefined()
    // anvil mines each transaction as it arrives, but the receipt can lag the hash by a moment.
    await vi.waitFor(
      async () => {
        const receipt = (
          await post(server, call('eth_getTransactionReceipt', [sent.result]))
        ).json() as RpcAnswer
        expect(receipt.result).toMatchObject({ status: '0x1', transactionHash: sent.result })
      },
      { timeout: 5_000, interval: 50 },
    )
    expect((await direct(chainA.rpcUrl, 'eth_getBalance', [recipient, 'latest'])).result).toBe(
      '0x3039',
    )
  })

  it('is documented in the OpenAPI document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json()
    expect(document.paths['/v1']?.post?.summary).toMatch(/JSON-RPC/)
  })
})

describe('POST /v1 upstream handling', () => {
  let server: TestServer
  let counting: Upstream
  let hanging: Upstream
  let deadUrl: string
  const TIMEOUT_MS = 300
  beforeAll(async () => {
    counting = await startUpstream(chainA.rpcUrl)
    hanging = await startUpstream(chainB.rpcUrl, { hanging: true })
    deadUrl = await closedPortUrl()
    server = await startTestServer('pglite', {
      RPC_RATE_LIMIT: '100000',
      RPC_TIMEOUT_MS: String(TIMEOUT_MS),
      // Chain A: a dead upstream, then anvil behind a counter. Chain B: one that may hang.
      LATCH_CHAINS: chainsEnv([deadUrl, counting.url], [hanging.url]),
    })
  })
  afterAll(async () => {
    await server?.close()
    await counting?.close()
    await hanging?.close()
  })

  it('fails over from a dead first upstream to the live second', async () => {
    const answer = (await post(server, call('eth_getBalance', [randomAddress(), 'latest']))).json()
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, result: '0x0' })
  })

  it('answers a timeout in-band after about RPC_TIMEOUT_MS, then recovers', async () => {
    hanging.hanging = true
    const started = performance.now()
    const response = await post(
      server,
      call('eth_blockNumber'),
      `chainId=${CHAIN_B}&projectId=latch-dev`,
    )
    const elapsed = performance.now() - started
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32603,
        message: `Upstream unavailable: upstream timed out after ${TIMEOUT_MS} ms`,
      },
    })
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20)
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1000)
    hanging.hanging = false
    const recovered = (
      await post(server, call('eth_blockNumber'), `chainId=${CHAIN_B}&projectId=latch-dev`)
    ).json()
    expect(recovered.result).toMatch(/^0x[0-9a-f]+$/)
  })

  it('makes one upstream call for 100 identical concurrent eth_blockNumber', async () => {
    const before = counting.requests
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => post(server, call('eth_blockNumber', [], index))),
    )
    expect(counting.requests - before).toBe(1)
    const bodies = answers.map((answer) => answer.json() as RpcAnswer)
    expect(bodies.map((body) => body.id)).toEqual(Array.from({ length: 100 }, (_, index) => index))
    expect(new Set(bodies.map((body) => body.result)).size).toBe(1)
  })

  it('sends the upstream part of a batch as one upstream request', async () => {
    const before = counting.requests
    const batch = Array.from({ length: 50 }, (_, index) =>
      call('eth_getBalance', [randomAddress(), 'latest'], index),
    )
    const answers = (
      await post(server, [...batch, call('eth_chainId', [], 'local')])
    ).json() as RpcAnswer[]
    expect(answers).toHaveLength(51)
    expect(answers.slice(0, 50).every((answer) => answer.result === '0x0')).toBe(true)
    expect(counting.requests - before).toBe(1)
  })

  it('answers eth_chainId and net_version without calling upstream', async () => {
    const before = counting.requests
    const chainId = (await post(server, call('eth_chainId'))).json()
    const netVersion = (await post(server, call('net_version'))).json()
    expect(chainId.result).toBe(`0x${chainA.chainId.toString(16)}`)
    expect(netVersion.result).toBe(String(chainA.chainId))
    expect(counting.requests - before).toBe(0)
  })

  it('serves a mined receipt and transaction from memory the second time', async () => {
    const account = await freshFundedAccount(chainA.rpcUrl)
    const nonce = (
      await direct(chainA.rpcUrl, 'eth_getTransactionCount', [account.address, 'pending'])
    ).result
    const signed = await account.signTransaction({
      chainId: chainA.chainId,
      type: 'eip1559',
      to: randomAddress(),
      value: 1n,
      nonce: Number(nonce),
      gas: 21_000n,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: parseGwei('1'),
    })
    const hash = (await post(server, call('eth_sendRawTransaction', [signed]))).json().result
    // anvil mines each transaction as it arrives, but the receipt can lag the hash by a moment.
    const first = await vi.waitFor(
      async () => {
        const receipt = (await post(server, call('eth_getTransactionReceipt', [hash]))).json()
        expect(receipt.result?.status).toBe('0x1')
        return receipt
      },
      { timeout: 5_000, interval: 50 },
    )
    await post(server, call('eth_getTransactionByHash', [hash]))
    const before = counting.requests
    const second = (await post(server, call('eth_getTransactionReceipt', [hash], 2))).json()
    const transaction = (await post(server, call('eth_getTransactionByHash', [hash], 3))).json()
    expect(counting.requests - before).toBe(0)
    expect(second).toEqual({ ...first, id: 2 })
    expect(transaction.result.hash).toBe(hash)
    // 'latest'-dependent answers are not kept.
    await post(server, call('eth_getBalance', [account.address, 'latest']))
    await post(server, call('eth_getBalance', [account.address, 'latest']))
    expect(counting.requests - before).toBe(2)
  })
})

describe('POST /v1 rate limit', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { RPC_RATE_LIMIT: '5' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('answers 429 with Retry-After past the per-project rate, a batch counting each call', async () => {
    const batch = Array.from({ length: 5 }, (_, index) => call('eth_chainId', [], index))
    expect((await post(server, batch)).statusCode).toBe(200)
    const refused = await post(server, call('eth_chainId'))
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Rate limit exceeded: project "latch-dev" may make 5 JSON-RPC calls per second',
    })
  })
})

describe('POST /v1 rate limit shared through Redis', () => {
  let first: TestServer
  let second: TestServer
  beforeAll(async () => {
    // Two server instances on one Redis: the project's allowance is theirs together.
    const env = { RPC_RATE_LIMIT: '6', REDIS_URL: inject('redisUrl') }
    first = await startTestServer('pglite', env)
    second = await startTestServer('pglite', env)
  })
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()])
  })

  it('counts calls made through every instance against one limit', async () => {
    const three = Array.from({ length: 3 }, (_, index) => call('eth_chainId', [], index))
    expect((await post(first, three)).statusCode).toBe(200)
    expect((await post(second, three)).statusCode).toBe(200)
    const refused = await post(first, call('eth_chainId'))
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect((await post(second, call('eth_chainId'))).statusCode).toBe(429)
  })
})

describe('POST /v1 rate limit held across instances', () => {
  const RATE = 500
  let first: TestServer
  let second: TestServer
  beforeAll(async () => {
    const env = { RPC_RATE_LIMIT: String(RATE), REDIS_URL: inject('redisUrl') }
    first = await startTestServer('pglite', env)
    second = await startTestServer('pglite', env)
  })
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()])
  })

  it('lets at most the configured calls per second through two instances, in every second', async () => {
    // Every call is answered by the gateway itself (eth_chainId): only the limit is measured.
    const query = `chainId=${CHAIN_A}&projectId=rate-held`
    await new ProjectStore(first.db).upsert({ id: 'rate-held', name: 'Rate', allowedOrigins: [] })
    await new ProjectStore(second.db).upsert({ id: 'rate-held', name: 'Rate', allowedOrigins: [] })
    const runMs = 2_500
    const start = performance.now()
    // Each admitted call's send and answer times: the limiter admitted it somewhere in between.
    const admitted: { sentAt: number; answeredAt: number }[] = []
    let refused = 0
    const hammer = async (server: TestServer) => {
      while (performance.now() - start < runMs) {
        const sentAt = performance.now() - start
        const answer = await post(server, call('eth_chainId'), query)
        if (answer.statusCode === 200)
          admitted.push({ sentAt, answeredAt: performance.now() - start })
        else if (answer.statusCode === 429) refused++
        else throw new Error(`unexpected ${answer.statusCode}: ${answer.body}`)
      }
    }
    await Promise.all(Array.from({ length: 8 }, () => [hammer(first), hammer(second)]).flat())
    // The busiest second: the most calls both sent and answered within one second, so surely
    // admitted within it, whatever a busy machine did to the times in between. At most RATE, with
    // no tolerance.
    let busiest = 0
    for (const { sentAt: from } of admitted) {
      const within = admitted.filter(
        (other) => other.sentAt >= from && other.answeredAt < from + 1000,
      ).length
      busiest = Math.max(busiest, within)
    }
    const perSecond = [0, 0, 0]
    for (const { sentAt } of admitted) {
      const second = Math.min(2, Math.floor(sentAt / 1000))
      perSecond[second] = (perSecond[second] ?? 0) + 1
    }
    console.info(
      `shared limit ${RATE}/s over 2 instances, ${runMs} ms: admitted ${admitted.length} ` +
        `(per second ${perSecond.join(', ')}), refused ${refused}, busiest second ${busiest}`,
    )
    expect(busiest).toBeLessThanOrEqual(RATE)
    // And the limit is the rate, not less: 2.5 s of calls span at least two whole windows, each
    // of which let the whole rate through.
    expect(admitted.length).toBeGreaterThanOrEqual(2 * RATE)
    expect(refused).toBeGreaterThan(0)
  })
})
