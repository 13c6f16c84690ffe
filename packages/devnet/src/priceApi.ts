import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** USD prices a fake price API answers with. */
export type FakePrices = {
  /** By CoinGecko coin id, for `/simple/price?ids=`: `{ ethereum: 3000 }`. */
  coins?: Record<string, number>
  /** By asset platform, then contract address (any case), for `/simple/token_price/{platform}`. */
  tokens?: Record<string, Record<string, number>>
}

export type FakePriceApi = {
  /** The base URL, as PRICE_API_URL takes it: `http://127.0.0.1:PORT/api/v3`. */
  url: string
  /** Path and query of every request received, oldest first. */
  requests: string[]
  /** Replaces the prices it answers with. */
  setPrices(prices: FakePrices): void
  stop(): Promise<void>
}

/**
 * A local stand-in for CoinGecko's public price API, for tests and the devnet: the two calls the
 * server makes, in CoinGecko's shapes. Ids and addresses it has no price for are left out of the
 * answer, as CoinGecko does; a call without `vs_currencies` is a 400, any other path a 404.
 *
 *   GET /api/v3/simple/price?ids=ethereum&vs_currencies=usd      -> {"ethereum":{"usd":3000}}
 *   GET /api/v3/simple/token_price/{platform}?contract_addresses=0xa,0xb&vs_currencies=usd
 *                                                                -> {"0xa":{"usd":1}}
 */
export async function startFakePriceApi(
  options: { prices?: FakePrices; port?: number; host?: string } = {},
): Promise<FakePriceApi> {
  let prices = normalize(options.prices ?? {})
  const requests: string[] = []
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake')
    requests.push(`${url.pathname}${url.search}`)
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method !== 'GET') return send(405, { error: 'Method not allowed' })
    const currencies = list(url.searchParams.get('vs_currencies'))
    const tokenPath = /^\/api\/v3\/simple\/token_price\/([^/]+)$/.exec(url.pathname)
    if (url.pathname !== '/api/v3/simple/price' && !tokenPath)
      return send(404, { error: 'Not found' })
    if (currencies.length === 0) return send(400, { error: 'Missing parameter vs_currencies' })

    const quote = (usd: number | undefined) => {
      const entry: Record<string, number> = {}
      if (usd !== undefined && currencies.includes('usd')) entry.usd = usd
      return entry
    }
    const answer: Record<string, Record<string, number>> = {}
    if (tokenPath) {
      const platform = decodeURIComponent(tokenPath[1] ?? '')
      for (const address of list(url.searchParams.get('contract_addresses'))) {
        const usd = prices.tokens[platform]?.[address.toLowerCase()]
        if (usd !== undefined) answer[address.toLowerCase()] = quote(usd)
      }
    } else {
      for (const id of list(url.searchParams.get('ids'))) {
        const usd = prices.coins[id]
        if (usd !== undefined) answer[id] = quote(usd)
      }
    }
    return send(200, answer)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve)
  })
  const { address, port } = server.address() as AddressInfo
  return {
    url: `http://${address}:${port}/api/v3`,
    requests,
    setPrices(next) {
      prices = normalize(next)
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

function normalize(prices: FakePrices) {
  return {
    coins: { ...prices.coins },
    tokens: Object.fromEntries(
      Object.entries(prices.tokens ?? {}).map(([platform, byAddress]) => [
        platform,
        Object.fromEntries(
          Object.entries(byAddress).map(([address, usd]) => [address.toLowerCase(), usd]),
        ),
      ]),
    ),
  }
}
