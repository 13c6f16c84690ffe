import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UpstreamCircuits } from '../chains/upstreamCircuits.ts'
import { HttpPriceApiSource } from './httpPriceApi.ts'
import { NATIVE_PRICE_KEY } from './priceSource.ts'

describe('the price API behind the bound on calls running and waiting', () => {
  // A price API that holds every call until the test lets it answer.
  const held: ServerResponse[] = []
  const api = createServer((_request, response) => {
    held.push(response)
  })
  let baseUrl = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  })
  afterAll(() => {
    api.closeAllConnections()
    return new Promise<void>((resolve) => api.close(() => resolve()))
  })

  it('sends it at most maxInFlight calls, queues maxQueued, turns the rest away at once', async () => {
    const source = new HttpPriceApiSource({
      baseUrl,
      chains: [],
      timeoutMs: 5_000,
      upstreams: new UpstreamCircuits({ maxInFlight: 2, maxQueued: 1, queueWaitMs: 5_000 }),
    })
    const asked = Array.from({ length: 5 }, () =>
      source.pricesOn({ nativeCoinId: 'ethereum' }, []).then(
        (prices) => ({ prices }),
        (error: Error) => ({ error, at: performance.now() }),
      ),
    )
    const started = performance.now()
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 5))
    // Past two running and one waiting: refused without waiting on the API.
    const refused = await Promise.all(asked.slice(3))
    for (const answer of refused) {
      expect('error' in answer && answer.error.message).toMatch(/^is busy: too many calls/)
      expect('at' in answer && answer.at - started).toBeLessThan(500)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(held).toHaveLength(2)

    // Each answer frees a slot: the waiting call goes out then, and every admitted call is priced.
    const answer = (response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ ethereum: { usd: 3000 } }))
    }
    for (const response of held.splice(0)) answer(response)
    while (held.length < 1) await new Promise((resolve) => setTimeout(resolve, 5))
    for (const response of held.splice(0)) answer(response)
    for (const admitted of await Promise.all(asked.slice(0, 3)))
      expect('prices' in admitted && admitted.prices.get(NATIVE_PRICE_KEY)).toBe(3000)
  })
})
