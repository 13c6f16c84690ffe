import type { FastifyBaseLogger } from 'fastify'
import type { ReadThroughCache } from '../cache/ttlCache.ts'
import type { ChainClient } from '../chains/clients.ts'
import type { Config } from '../config.ts'
import { PRICE_CACHE_MS, PRICE_FAILURE_CACHE_MS } from '../constants.ts'
import { HttpPriceApiSource } from './httpPriceApi.ts'
import type { PriceSource, UsdPrices } from './priceSource.ts'
import { UniswapV2PriceSource } from './uniswapV2Prices.ts'

/** The configured source: the price API when PRICE_API_URL is set, else the Uniswap V2 pools. */
export function createPriceSource(
  config: Pick<Config, 'priceApiUrl' | 'chains'>,
  chains: Map<number, ChainClient>,
): PriceSource {
  return config.priceApiUrl
    ? new HttpPriceApiSource({ baseUrl: config.priceApiUrl, chains: config.chains })
    : new UniswapV2PriceSource(chains)
}

/**
 * USD prices of every configured token of a chain and of its native coin, cached per chain for
 * PRICE_CACHE_MS. A failing source is logged and prices nothing for PRICE_FAILURE_CACHE_MS, so
 * balances still answer (unpriced) and the source is not hammered.
 */
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
    let failed = false
    const load = async (): Promise<UsdPrices> => {
      try {
        return Object.fromEntries(await this.#source.usdPrices(chainId, tokens))
      } catch (error) {
        failed = true
        this.#log.warn({ err: error, chainId, source: this.#source.name }, 'price source failed')
        return {}
      }
    }
    return this.#cache.get(`prices:${this.#source.name}:${chainId}`, load, {
      ttlMs: () => (failed ? PRICE_FAILURE_CACHE_MS : PRICE_CACHE_MS),
    })
  }
}
