import { z } from 'zod'
import type { ChainConfig, TokenConfig } from '../chains/chainConfig.ts'
import { type UpstreamBounds, UpstreamCircuits } from '../chains/upstreamCircuits.ts'
import { PRICE_API_TIMEOUT_MS } from '../constants.ts'
import { NATIVE_PRICE_KEY, type PriceSource } from './priceSource.ts'

/** How CoinGecko names well-known chains: asset platform and the native coin's id. */
const KNOWN_CHAINS: Record<number, { platform: string; nativeCoinId: string }> = {
  1: { platform: 'ethereum', nativeCoinId: 'ethereum' },
  10: { platform: 'optimistic-ethereum', nativeCoinId: 'ethereum' },
  56: { platform: 'binance-smart-chain', nativeCoinId: 'binancecoin' },
  100: { platform: 'xdai', nativeCoinId: 'xdai' },
  137: { platform: 'polygon-pos', nativeCoinId: 'polygon-ecosystem-token' },
  8453: { platform: 'base', nativeCoinId: 'ethereum' },
  42161: { platform: 'arbitrum-one', nativeCoinId: 'ethereum' },
  43114: { platform: 'avalanche', nativeCoinId: 'avalanche-2' },
}

/** Contract addresses per `/simple/token_price` call. */
const ADDRESSES_PER_CALL = 100

/** `{ "<address or coin id>": { "usd": 1.001 } }`; ids the API does not know are left out. */
const simplePriceAnswer = z.record(z.string(), z.object({ usd: z.number().optional() }).loose())

/**
 * USD prices from an HTTP price API speaking CoinGecko's public shape:
 * `GET {base}/simple/token_price/{platform}?contract_addresses=a,b&vs_currencies=usd` for tokens
 * and `GET {base}/simple/price?ids={coin}&vs_currencies=usd` for the native coin. The platform and
 * coin id of a chain come from its `priceApi` config, else from the well-known chains' table; a
 * chain with neither has no prices.
 */
export class HttpPriceApiSource implements PriceSource {
  readonly name = 'price-api'
  readonly #baseUrl: string
  readonly #timeoutMs: number
  readonly #upstreams: UpstreamBounds
  readonly #names: Map<number, { platform?: string; nativeCoinId?: string }>

  constructor(options: {
    baseUrl: string
    chains: readonly ChainConfig[]
    timeoutMs?: number
    /** The bound on calls running and waiting per upstream (the server's); else its own. */
    upstreams?: UpstreamBounds
  }) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.#timeoutMs = options.timeoutMs ?? PRICE_API_TIMEOUT_MS
    this.#upstreams = options.upstreams ?? new UpstreamCircuits()
    this.#names = new Map(
      options.chains.map((chain) => [
        chain.chainId,
        { ...KNOWN_CHAINS[chain.chainId], ...chain.priceApi },
      ]),
    )
  }

  async usdPrices(chainId: number, tokens: readonly TokenConfig[]): Promise<Map<string, number>> {
    const names = this.#names.get(chainId) ?? {}
    return this.pricesOn(
      names,
      tokens.map((token) => token.address.toLowerCase()),
    )
  }

  /**
   * USD prices of `addresses` on an asset platform and of its native coin (`NATIVE_PRICE_KEY`),
   * keyed as the addresses were given: Solana mints are case-sensitive, so the answer's keys are
   * matched to them without regard to case.
   */
  async pricesOn(
    names: { platform?: string; nativeCoinId?: string },
    addresses: readonly string[],
  ): Promise<Map<string, number>> {
    const prices = new Map<string, number>()
    const { platform, nativeCoinId } = names
    const unique = [...new Set(addresses)]
    const asGiven = new Map(unique.map((address) => [address.toLowerCase(), address]))
    const chunks: string[][] = []
    for (let start = 0; platform && start < unique.length; start += ADDRESSES_PER_CALL)
      chunks.push(unique.slice(start, start + ADDRESSES_PER_CALL))
    const [native, ...tokenAnswers] = await Promise.all([
      nativeCoinId ? this.#get('/simple/price', { ids: nativeCoinId }) : undefined,
      ...chunks.map((chunk) =>
        this.#get(`/simple/token_price/${encodeURIComponent(platform ?? '')}`, {
          contract_addresses: chunk.join(','),
        }),
      ),
    ])
    const nativeUsd = nativeCoinId ? native?.[nativeCoinId]?.usd : undefined
    if (nativeUsd !== undefined && nativeUsd > 0) prices.set(NATIVE_PRICE_KEY, nativeUsd)
    for (const answer of tokenAnswers) {
      for (const [address, { usd }] of Object.entries(answer ?? {})) {
        const key = asGiven.get(address.toLowerCase())
        if (key && usd !== undefined && usd > 0) prices.set(key, usd)
      }
    }
    return prices
  }

  /**
   * One call, answer read, within the API's bound on calls running and waiting: a price API that
   * stops answering holds at most that many of this instance's calls, each for its timeout.
   */
  async #get(path: string, params: Record<string, string>) {
    const url = new URL(`${this.#baseUrl}${path}`)
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    url.searchParams.set('vs_currencies', 'usd')
    return this.#upstreams.bounded(url.origin, async () => {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
      if (!response.ok) throw new Error(`Price API answered HTTP ${response.status} for ${path}`)
      const parsed = simplePriceAnswer.safeParse(await response.json())
      if (!parsed.success) throw new Error(`Price API answered an unexpected body for ${path}`)
      return parsed.data
    })
  }
}
