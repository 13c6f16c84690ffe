import type { FastifyBaseLogger } from 'fastify'
import type { ReadThroughCache } from '../cache/ttlCache.ts'
import type { ChainConfig } from '../chains/chainConfig.ts'
import type { ChainClient } from '../chains/clients.ts'
import type { UpstreamBounds } from '../chains/upstreamCircuits.ts'
import { PRICE_CACHE_MS, PRICE_FAILURE_CACHE_MS } from '../constants.ts'
import { HttpPriceApiSource } from './httpPriceApi.ts'
import type { PriceSource, UsdPrices } from './priceSource.ts'
import { UniswapV2PriceSource } from './uniswapV2Prices.ts'

/**
 * The configured source: the price API when PRICE_API_URL is set (its calls within `upstreams`'
 * bound), else the Uniswap V2 pools (read through the chain clients, bound there).
 */
export function createPriceSource(
  config: { priceApiUrl: string | undefined; chains: ChainConfig[] },
  chains: Map<number, ChainClient>,
  upstreams?: UpstreamBounds,
): PriceSource {
  return config.priceApiUrl
    ? new HttpPriceApiSource({
        baseUrl: config.priceApiUrl,
        chains: config.chains,
        ...(upstreams && { upstreams }),
      })
    : new UniswapV2PriceSource(chains)
}

/**
 * USD prices of every configured token of a chain and of its native coin, cached per chain for
 * PRICE_CACHE_MS. A failing source is logged and prices nothing for PRICE_FAILURE_CACHE_MS, so
 * balances still answer (unpriced) and the source is not hammered.
 */
/** How the price API names a network's coin, as its configuration may say. */
type PriceApiNames = { platform?: string | undefined; nativeCoinId?: string | undefined }

/**
 * A network as its prices are read: its CAIP-2 id (the cache's key) and its configuration. Each
 * family's client is one; only what pricing reads is named, so prices depend on no family.
 */
type PricedNetwork<Config> = {
  caipNetworkId: string
  config: Config & { priceApi?: PriceApiNames | undefined }
}

export class Prices {
  readonly #source: PriceSource
  readonly #cache: ReadThroughCache
  readonly #log: FastifyBaseLogger

  constructor(source: PriceSource, cache: ReadThroughCache, log: FastifyBaseLogger) {
    this.#source = source
    this.#cache = cache
    this.#log = log
  }

  of(chain: ChainClient): Promise<UsdPrices> {
    const { chainId, tokens } = chain.config
    return this.#cached(`${chainId}`, () => this.#source.usdPrices(chainId, tokens))
  }

  /**
   * A Solana chain's prices, keyed by mint: from the price API when one is configured (Solana's
   * platform and coin id by default), else only its USD stablecoins, at 1. No pools are read on
   * Solana, so without a price API SOL has no price rather than an invented one.
   */
  ofSolana(
    chain: PricedNetwork<{ tokens: readonly { mint: string; usdStablecoin: boolean }[] }>,
  ): Promise<UsdPrices> {
    const { config, caipNetworkId } = chain
    const source = this.#source
    if (source instanceof HttpPriceApiSource) {
      const names = { platform: 'solana', nativeCoinId: 'solana', ...config.priceApi }
      const mints = config.tokens.map((token) => token.mint)
      return this.#cached(caipNetworkId, () => source.pricesOn(names, mints))
    }
    const pegged = config.tokens.filter((token) => token.usdStablecoin)
    return Promise.resolve(Object.fromEntries(pegged.map((token) => [token.mint, 1])))
  }

  /**
   * A Bitcoin network's price of BTC (`NATIVE_PRICE_KEY`): from the price API when one is
   * configured (coin id `bitcoin` by default), else none; no pool prices bitcoin.
   */
  ofBitcoin(chain: PricedNetwork<object>): Promise<UsdPrices> {
    const source = this.#source
    if (!(source instanceof HttpPriceApiSource)) return Promise.resolve({})
    const names = { nativeCoinId: 'bitcoin', ...chain.config.priceApi }
    return this.#cached(chain.caipNetworkId, () => source.pricesOn(names, []))
  }

  /**
   * A Polkadot network's price of its token (`NATIVE_PRICE_KEY`): from the price API when one is
   * configured and the chain names its coin id (`priceApi.nativeCoinId`, e.g. polkadot), else none.
   */
  ofPolkadot(chain: PricedNetwork<object>): Promise<UsdPrices> {
    const source = this.#source
    const nativeCoinId = chain.config.priceApi?.nativeCoinId
    if (!(source instanceof HttpPriceApiSource) || !nativeCoinId) return Promise.resolve({})
    return this.#cached(chain.caipNetworkId, () => source.pricesOn({ nativeCoinId }, []))
  }

  #cached(chainKey: string, read: () => Promise<Map<string, number>>): Promise<UsdPrices> {
    let failed = false
    const load = async (): Promise<UsdPrices> => {
      try {
        return Object.fromEntries(await read())
      } catch (error) {
        failed = true
        this.#log.warn(
          { err: error, chain: chainKey, source: this.#source.name },
          'price source failed',
        )
        return {}
      }
    }
    return this.#cache.get(`prices:${this.#source.name}:${chainKey}`, load, {
      ttlMs: () => (failed ? PRICE_FAILURE_CACHE_MS : PRICE_CACHE_MS),
    })
  }
}
