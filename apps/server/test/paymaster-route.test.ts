import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { EVM_CHECKSUM_MESSAGE } from '@latch/protocol'
import { encodeFunctionData, parseEther } from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chainsOfDevnet } from '../src/config.ts'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/db/unavailable.ts'
import type { SponsorshipPolicy } from '../src/paymaster/policy.ts'
import { setPolicy } from '../src/paymaster/store.ts'
import { latchAccountAddress, latchAccountFactoryAbi } from '../src/smartAccounts/latchAccount.ts'
import { type FrozenUpstream, startFrozenUpstream } from './frozenUpstream.fixture.ts'
import { freshDatabaseConfig, startTestServer, type TestServer } from './helpers.ts'

// POST /v1/paymaster: ERC-7677's two methods beside the bundler route, with the same shape of
// answers: in-band errors for what a call asks (refusals with their reason, bad params, other
// methods), 400 for what is no JSON-RPC, 503 while the chain does not answer, a rate limit of its
// own. The sponsorships themselves are tested end to end in sponsored-gas.test.ts.

const devnet = inject('devnet')
const [chainA, chainB] = devnet.chains as [(typeof devnet.chains)[0], (typeof devnet.chains)[0]]
const A = `eip155:${chainA.chainId}`
const B = `eip155:${chainB.chainId}`
const routeOf = (chain: string) => `/v1/paymaster?chainId=${chain}&projectId=latch-dev`
const hexChain = (chain: { chainId: number }) => `0x${chain.chainId.toString(16)}`

/**
 * An operation as viem's paymaster client sends it: the first of a LatchAccount (of an owner no
 * other test has), deploying it, with its gas.
 */
const owner = privateKeyToAddress(generatePrivateKey())
const operation = {
  sender: latchAccountAddress({ factory: chainA.contracts.latchAccountFactory, owner }),
  nonce: '0x0',
  factory: chainA.contracts.latchAccountFactory,
  factoryData: encodeFunctionData({
    abi: latchAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner, 0n],
  }),
  callData: '0x',
  callGasLimit: '0x186a0',
  verificationGasLimit: '0x927c0',
  preVerificationGas: '0x13880',
  maxFeePerGas: '0xb2d05e00',
  maxPriorityFeePerGas: '0x3b9aca00',
}
const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})
const pm = (method: string, chain = chainA, change: object = {}, id: number | string = 1) =>
  call(method, [{ ...operation, ...change }, entryPoint08Address, hexChain(chain), {}], id)

const SPONSOR_ALL: SponsorshipPolicy = {
  enabled: true,
  budgetWei: parseEther('1'),
  period: 'day',
  allowedTargets: [],
  visitorDailyCapWei: null,
  clientSharePercent: 10,
}

describe('the paymaster route', () => {
  let server: TestServer
  const post = (chain: string, payload: unknown) =>
    server.app.inject({ method: 'POST', url: routeOf(chain), payload: payload as object })
  beforeAll(async () => {
    server = await startTestServer('pglite', { RPC_RATE_LIMIT: '100000' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("refuses a project without a policy in-band, with the visitor's words and the reason", async () => {
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      const response = await post(A, pm(method))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32010,
          message:
            'This site is not paying for this transaction: it does not sponsor network fees. You pay the network fee.',
          data: { reason: 'disabled' },
        },
      })
    }
  })

  it('answers the chain id itself and refuses every other method in-band', async () => {
    expect((await post(A, call('eth_chainId'))).json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: hexChain(chainA),
    })
    for (const method of ['eth_sendUserOperation', 'pm_sponsorUserOperation', 'eth_sign']) {
      expect((await post(A, call(method))).json().error).toEqual({
        code: -32601,
        message: `Method ${method} is not allowed on the paymaster route`,
      })
    }
  })

  it('names what is wrong with the params, in-band', async () => {
    const errorOf = async (payload: unknown) => (await post(A, payload)).json().error
    expect(await errorOf(call('pm_getPaymasterData', []))).toEqual({
      code: -32602,
      message: 'Invalid params: params.0: Invalid input: expected object, received undefined',
    })
    expect(await errorOf(pm('pm_getPaymasterData', chainA, { sender: '0x1234' }))).toEqual({
      code: -32602,
      message:
        'Invalid params: params.0.sender: Expected an address: 0x followed by 40 hex characters',
    })
    // The sender with one letter in the wrong case: mixed case that is not its checksum.
    const mistyped = { sender: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8' }
    expect(await errorOf(pm('pm_getPaymasterData', chainA, mistyped))).toEqual({
      code: -32602,
      message: `Invalid params: params.0.sender: ${EVM_CHECKSUM_MESSAGE}`,
    })
    expect(await errorOf(pm('pm_getPaymasterData', chainA, { nonce: 12 }))).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid params: params\.0\.nonce: /),
    })
    expect(await errorOf(pm('pm_getPaymasterData', chainA, { callData: '0xabc' }))).toEqual({
      code: -32602,
      message: 'Invalid params: params.0.callData: Expected hex bytes such as 0xabcd',
    })
    const otherEntryPoint = call('pm_getPaymasterData', [
      operation,
      '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      hexChain(chainA),
    ])
    expect(await errorOf(otherEntryPoint)).toEqual({
      code: -32602,
      message: `Only operations for EntryPoint v0.8 (${entryPoint08Address}) are sponsored`,
    })
    expect(await errorOf(pm('pm_getPaymasterData', chainB))).toEqual({
      code: -32602,
      message: `The operation is for chain ${chainB.chainId}, but this call is for ${A}`,
    })
    expect(
      await errorOf(pm('pm_getPaymasterData', chainA, { factory: `0x7702${'0'.repeat(36)}` })),
    ).toEqual({ code: -32602, message: 'EIP-7702 operations are not sponsored' })
  })

  it("signs only for a LatchAccount of the chain's account factory that can validate the operation", async () => {
    const errorOf = async (change: object) =>
      (await post(A, pm('pm_getPaymasterData', chainA, change))).json().error
    const factory = chainA.contracts.latchAccountFactory
    const stranger = privateKeyToAddress(generatePrivateKey())
    expect(await errorOf({ sender: stranger, factory: undefined, factoryData: undefined })).toEqual(
      {
        code: -32602,
        message: `The sender ${stranger} has no code on ${A} and the operation has no factory to deploy it: it cannot be validated`,
      },
    )
    expect(await errorOf({ factory: stranger })).toEqual({
      code: -32602,
      message: `Only accounts of ${A}'s account factory ${factory} are sponsored, not of ${stranger}`,
    })
    expect(await errorOf({ factoryData: '0x1234' })).toEqual({
      code: -32602,
      message: "The operation's factoryData is not the account factory's createAccount",
    })
    // The factory's own data, for another sender than the account it deploys.
    expect(await errorOf({ sender: stranger })).toEqual({
      code: -32602,
      message: `The operation's factoryData deploys ${operation.sender}, not the sender ${stranger}`,
    })
  })

  it('answers a batch call by call, in order, each with its id, and no notification', async () => {
    const response = await post(A, [
      call('eth_chainId', [], 'a'),
      pm('pm_getPaymasterStubData', chainA, {}, 'b'),
      { jsonrpc: '2.0', method: 'pm_getPaymasterData', params: [] },
      { method: 'eth_chainId' },
    ])
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      { jsonrpc: '2.0', id: 'a', result: hexChain(chainA) },
      expect.objectContaining({ id: 'b', error: expect.objectContaining({ code: -32010 }) }),
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: jsonrpc must be "2.0"' },
      },
    ])
    const notificationOnly = await post(A, { jsonrpc: '2.0', method: 'eth_chainId' })
    expect(notificationOnly.statusCode).toBe(204)
  })

  it('answers bad input with 400 and a message, and an empty batch in-band', async () => {
    const unknown = await post('eip155:1', call('eth_chainId'))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe('Unsupported chain')
    const notRpc = await post(A, { method: 'pm_getPaymasterData' })
    expect(notRpc.statusCode).toBe(400)
    expect(notRpc.json().message).toBe(
      'Body is not a JSON-RPC request or batch: jsonrpc must be "2.0"',
    )
    expect((await post(A, [])).json().error.message).toBe('Invalid Request: the batch is empty')
    const noProject = await server.app.inject({
      method: 'POST',
      url: `/v1/paymaster?chainId=${A}`,
      payload: call('eth_chainId'),
    })
    expect(noProject.statusCode).toBe(400)
    const otherOrigin = await server.app.inject({
      method: 'POST',
      url: routeOf(A),
      headers: { origin: 'https://evil.example' },
      payload: call('eth_chainId'),
    })
    expect(otherOrigin.statusCode).toBe(403)
  })

  it('is in the OpenAPI document beside the bundler route', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json()
    expect(document.paths['/v1/paymaster'].post.responses).toHaveProperty('503')
    expect(document.paths['/v1/paymaster'].post.description).toContain('-32010')
  })
})

/** A stand-in for a chain's RPC URL: forwards to anvil while open, refuses while closed. */
async function startForwarder(target: string) {
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    })
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(await answer.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
    reopen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  }
}

describe('the paymaster route on a chain without a paymaster, or whose node is down', () => {
  let server: TestServer
  let forwarder: Awaited<ReturnType<typeof startForwarder>>
  beforeAll(async () => {
    forwarder = await startForwarder(chainA.rpcUrl)
    const chains = chainsOfDevnet(devnet).map((chain) =>
      chain.chainId === chainA.chainId
        ? { ...chain, rpcUrls: [forwarder.url] }
        : { ...chain, paymaster: undefined },
    )
    server = await startTestServer('pglite', {
      LATCH_CHAINS: JSON.stringify(chains),
      RPC_TIMEOUT_MS: '2000',
      RPC_RATE_LIMIT: '100000',
    })
    await setPolicy(server.db, 'latch-dev', SPONSOR_ALL)
  })
  afterAll(async () => {
    await server?.close()
    await forwarder?.close().catch(() => {})
  })
  const post = (chain: string, payload: unknown) =>
    server.app.inject({ method: 'POST', url: routeOf(chain), payload: payload as object })

  it('refuses every sponsorship on a chain without a paymaster, and leaves it out of the supported chains', async () => {
    const response = await post(B, pm('pm_getPaymasterStubData', chainB))
    expect(response.json().error).toEqual({
      code: -32010,
      message:
        'This site is not paying for this transaction: its gas sponsor is not available right now. You pay the network fee.',
      data: { reason: 'unavailable', detail: `${B} has no paymaster on this server` },
    })
    const supported = await server.app.inject({
      method: 'GET',
      url: '/v1/supported-chains?projectId=latch-dev',
    })
    expect(supported.json().paymaster).toEqual([A])
  })

  it('answers 503 while the chain does not answer, and signs again once it is back', async () => {
    const signed = await post(A, pm('pm_getPaymasterData', chainA, {}, 1))
    expect(signed.json().result).toMatchObject({ paymaster: chainA.contracts.latchPaymaster })
    await forwarder.close()
    const down = await post(A, pm('pm_getPaymasterData', chainA, {}, 2))
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: `The chain ${A} did not answer: sponsored gas is unavailable for now, try again`,
    })
    expect(down.body).not.toContain(forwarder.url)
    // The stub needs no chain: it is still answered.
    expect((await post(A, pm('pm_getPaymasterStubData', chainA))).json().result).toMatchObject({
      isFinal: false,
    })
    await forwarder.reopen()
    const back = await post(A, pm('pm_getPaymasterData', chainA, {}, 3))
    expect(back.statusCode).toBe(200)
    expect(back.json().result.paymaster).toBe(chainA.contracts.latchPaymaster)
  })
})

describe('the paymaster route while its database is down', () => {
  let server: TestServer
  let database: FrozenUpstream
  beforeAll(async () => {
    const config = await freshDatabaseConfig('postgres')
    if (config.dialect !== 'postgres') throw new Error('a PostgreSQL database was asked for')
    // The server reaches PostgreSQL through a proxy this test can cut.
    database = await startFrozenUpstream(config.url)
    const { host } = new URL(config.url)
    const url = config.url.replace(host, new URL(database.url).host)
    server = await startTestServer('postgres', { RPC_RATE_LIMIT: '100000' }, { ...config, url })
    await setPolicy(server.db, 'latch-dev', SPONSOR_ALL)
  })
  afterAll(async () => {
    await server?.close()
    await database?.close()
  })
  const post = (payload: unknown) =>
    server.app.inject({ method: 'POST', url: routeOf(A), payload: payload as object })

  it('answers 503 with a message, as every route does, and signs again once it is back', async () => {
    // Answered once, so the project is known: what fails next is the paymaster's own reading.
    expect((await post(pm('pm_getPaymasterStubData'))).json().result).toMatchObject({
      isFinal: false,
    })
    await database.refuse()
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      const down = await post(pm(method))
      expect(down.statusCode, down.body).toBe(503)
      expect(down.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      })
    }
    await database.accept()
    const back = await post(pm('pm_getPaymasterData'))
    expect(back.statusCode).toBe(200)
    expect(back.json().result.paymaster).toBe(chainA.contracts.latchPaymaster)
  })
})

describe('the paymaster route rate limit', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { RPC_RATE_LIMIT: '3' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('limits each project per second, on an allowance of its own', async () => {
    const post = (url: string, payload: unknown) =>
      server.app.inject({ method: 'POST', url, payload: payload as object })
    const route = routeOf(A)
    const answers = []
    for (let i = 0; i < 3; i++) answers.push(await post(route, call('eth_chainId')))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    const over = await post(route, call('eth_chainId'))
    expect(over.statusCode).toBe(429)
    expect(over.headers['retry-after']).toBe('1')
    expect(over.json().message).toBe(
      'Rate limit exceeded: project "latch-dev" may make 3 paymaster calls per second',
    )
    // The bundler route's allowance is untouched by the paymaster's.
    const bundler = await post(`/v1/bundler?chainId=${A}&projectId=latch-dev`, call('eth_chainId'))
    expect(bundler.statusCode).toBe(200)
  })
})
