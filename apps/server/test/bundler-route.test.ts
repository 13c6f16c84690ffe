import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chainsOfDevnet } from '../src/config.ts'
import { startForwarder } from './bundlerForwarder.ts'
import { startTestServer, type TestServer } from './helpers.ts'

// POST /v1/bundler: the bundler route beside the JSON-RPC gateway, on the test devnet's alto. Its
// allowlist, batches, rate limit and bad input are the gateway's rules; a chain without a bundler
// and a bundler that does not answer are answered plainly; a bundler that comes back is used again.

const devnet = inject('devnet')
const [chainA, chainB] = devnet.chains as [(typeof devnet.chains)[0], (typeof devnet.chains)[0]]
const A = `eip155:${chainA.chainId}`
const B = `eip155:${chainB.chainId}`
const routeOf = (chain: string) => `/v1/bundler?chainId=${chain}&projectId=latch-dev`
const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

describe('the bundler route', () => {
  let server: TestServer
  const post = (chain: string, payload: unknown, target = server) =>
    target.app.inject({ method: 'POST', url: routeOf(chain), payload: payload as object })
  beforeAll(async () => {
    server = await startTestServer('pglite', { RPC_RATE_LIMIT: '100000' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("forwards the bundler's methods and answers the chain id itself", async () => {
    const entryPoints = await post(A, call('eth_supportedEntryPoints'))
    expect(entryPoints.statusCode).toBe(200)
    expect(entryPoints.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: [chainA.contracts.entryPoint],
    })
    expect((await post(B, call('eth_chainId', [], 'x'))).json()).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      result: `0x${chainB.chainId.toString(16)}`,
    })
    const price = (await post(A, call('pimlico_getUserOperationGasPrice'))).json()
    expect(BigInt(price.result.fast.maxFeePerGas)).toBeGreaterThan(0n)
    const receipt = await post(A, call('eth_getUserOperationReceipt', [`0x${'11'.repeat(32)}`]))
    expect(receipt.json()).toEqual({ jsonrpc: '2.0', id: 1, result: null })
  })

  it('refuses in-band what is not a bundler call a page needs, never reaching the bundler', async () => {
    for (const method of [
      'eth_sendTransaction',
      'eth_getBalance',
      'debug_bundler_dumpMempool',
      'debug_bundler_clearState',
      'pimlico_sendUserOperationNow',
    ]) {
      const response = await post(A, call(method))
      expect(response.statusCode).toBe(200)
      expect(response.json().error).toEqual({
        code: -32601,
        message: `Method ${method} is not allowed on the bundler route`,
      })
    }
  })

  it('answers a batch call by call, in order, each with its id (alto takes no batches itself)', async () => {
    const response = await post(A, [
      call('eth_supportedEntryPoints', [], 1),
      call('eth_chainId', [], 2),
      call('eth_getUserOperationByHash', [`0x${'22'.repeat(32)}`], 3),
      call('eth_sign', [], 4),
      { jsonrpc: '2.0', method: 'eth_chainId' },
    ])
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: [chainA.contracts.entryPoint] },
      { jsonrpc: '2.0', id: 2, result: `0x${chainA.chainId.toString(16)}` },
      { jsonrpc: '2.0', id: 3, result: null },
      {
        jsonrpc: '2.0',
        id: 4,
        error: { code: -32601, message: 'Method eth_sign is not allowed on the bundler route' },
      },
    ])
  })

  it('answers bad input with 400 and a message, and an empty batch in-band', async () => {
    const unknown = await post('eip155:1', call('eth_chainId'))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe('Unsupported chain')
    const notRpc = await post(A, { method: 'eth_chainId' })
    expect(notRpc.statusCode).toBe(400)
    expect(notRpc.json().message).toBe(
      'Body is not a JSON-RPC request or batch: jsonrpc must be "2.0"',
    )
    expect((await post(A, [])).json().error.message).toBe('Invalid Request: the batch is empty')
    const noProject = await server.app.inject({
      method: 'POST',
      url: `/v1/bundler?chainId=${A}`,
      payload: call('eth_chainId'),
    })
    expect(noProject.statusCode).toBe(400)
  })

  it('is in the OpenAPI document beside the gateway', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json()
    expect(document.paths['/v1/bundler'].post.responses).toHaveProperty('503')
  })
})

describe('the bundler route on chains without a bundler, or with one that is down', () => {
  let server: TestServer
  let forwarder: Awaited<ReturnType<typeof startForwarder>>
  beforeAll(async () => {
    forwarder = await startForwarder(chainA.bundlerUrl ?? '')
    const chains = chainsOfDevnet(devnet).map((chain) =>
      chain.chainId === chainA.chainId
        ? { ...chain, bundlerUrl: forwarder.url }
        : { ...chain, bundlerUrl: undefined },
    )
    server = await startTestServer('pglite', {
      LATCH_CHAINS: JSON.stringify(chains),
      RPC_TIMEOUT_MS: '2000',
      RPC_RATE_LIMIT: '100000',
    })
  })
  afterAll(async () => {
    await server?.close()
    await forwarder?.close().catch(() => {})
  })
  const post = (chain: string, payload: unknown) =>
    server.app.inject({ method: 'POST', url: routeOf(chain), payload: payload as object })

  it('says a chain has no bundler, for every call, and leaves it out of the supported chains', async () => {
    const message = `${B} has no bundler on this server: smart accounts are not available on it`
    for (const method of ['eth_sendUserOperation', 'eth_chainId', 'eth_supportedEntryPoints']) {
      const response = await post(B, call(method))
      expect(response.statusCode).toBe(200)
      expect(response.json().error).toEqual({ code: -32601, message })
    }
    const supported = await server.app.inject({
      method: 'GET',
      url: '/v1/supported-chains?projectId=latch-dev',
    })
    expect(supported.json().bundler).toEqual([A])
  })

  it('answers 503 with a message while the bundler is down, and forwards again once it is back', async () => {
    // A receipt not there yet: asked of the bundler every time, never kept.
    const receipt = (id: number) =>
      call('eth_getUserOperationReceipt', [`0x${'33'.repeat(32)}`], id)
    expect((await post(A, receipt(1))).json()).toEqual({ jsonrpc: '2.0', id: 1, result: null })
    await forwarder.close()
    const down = await post(A, receipt(2))
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: `The bundler of ${A} did not answer: user operations are unavailable for now, try again`,
    })
    // Its address never shows (a hosted bundler's URL carries its API key).
    expect(down.body).not.toContain(forwarder.url)
    // A batch with nothing the bundler answered is degraded the same way.
    const batch = await post(A, [receipt(3), call('pimlico_getUserOperationGasPrice', [], 4)])
    expect(batch.statusCode).toBe(503)
    // What the route answers itself still works.
    expect((await post(A, call('eth_chainId'))).json().result).toBe(
      `0x${chainA.chainId.toString(16)}`,
    )

    await forwarder.reopen()
    const back = await post(A, receipt(5))
    expect(back.statusCode).toBe(200)
    expect(back.json()).toEqual({ jsonrpc: '2.0', id: 5, result: null })
  })
})

describe('the bundler route rate limit', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { RPC_RATE_LIMIT: '3' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('limits each project per second like the gateway, on an allowance of its own', async () => {
    const post = (url: string, payload: unknown) =>
      server.app.inject({ method: 'POST', url, payload: payload as object })
    const bundler = routeOf(A)
    const answers = []
    for (let i = 0; i < 3; i++) answers.push(await post(bundler, call('eth_chainId')))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    const over = await post(bundler, call('eth_chainId'))
    expect(over.statusCode).toBe(429)
    expect(over.headers['retry-after']).toBe('1')
    expect(over.json().message).toBe(
      'Rate limit exceeded: project "latch-dev" may make 3 bundler calls per second',
    )
    // A batch counts call by call.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(
      (await post(bundler, [call('eth_chainId', [], 1), call('eth_chainId', [], 2)])).statusCode,
    ).toBe(200)
    expect(
      (await post(bundler, [call('eth_chainId', [], 1), call('eth_chainId', [], 2)])).statusCode,
    ).toBe(429)
    // The gateway's allowance is untouched by the bundler's.
    const gateway = await post(`/v1?chainId=${A}&projectId=latch-dev`, call('eth_chainId'))
    expect(gateway.statusCode).toBe(200)
  })
})
