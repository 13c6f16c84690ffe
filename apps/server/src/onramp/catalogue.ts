import type { OnrampPurchaseCurrency } from '@latch/protocol'
import type { ChainConfig, TokenConfig } from '../chains/chainConfig.ts'
import { HttpError } from '../errors.ts'
import { NETWORK_SLUGS } from './constants.ts'

/** The token the on-ramp sells on every chain that has it, beside each chain's native coin. */
export const ONRAMP_TOKEN_SYMBOL = 'USDC'

/** What a purchase buys: a currency on one network, the native coin when `token` is unset. */
export type OnrampAsset = {
  currency: string
  name: string
  symbol: string
  decimals: number
  network: string
  chain: ChainConfig
  token: TokenConfig | undefined
}

/** A chain's network slug: Coinbase's name of a well-known chain, else its name slugified. */
export function networkSlug(chain: Pick<ChainConfig, 'chainId' | 'name'>): string {
  return (
    NETWORK_SLUGS[chain.chainId] ??
    chain.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  )
}

/**
 * What the on-ramp sells, from the configured chains: USDC on each chain having it, and each
 * chain's native coin (grouped by symbol: ETH on two chains is one currency with two networks).
 */
export class OnrampCatalogue {
  readonly #assets: OnrampAsset[] = []

  constructor(chains: readonly ChainConfig[]) {
    for (const chain of chains) {
      const token = chain.tokens.find((candidate) => candidate.symbol === ONRAMP_TOKEN_SYMBOL)
      if (!token) continue
      this.#assets.push({
        currency: token.symbol,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        network: networkSlug(chain),
        chain,
        token,
      })
    }
    for (const chain of chains) {
      const { name, symbol, decimals } = chain.nativeCurrency
      this.#assets.push({
        currency: symbol,
        name,
        symbol,
        decimals,
        network: networkSlug(chain),
        chain,
        token: undefined,
      })
    }
  }

  /** GET /v1/onramp/options' purchase currencies, USDC first. */
  purchaseCurrencies(): OnrampPurchaseCurrency[] {
    const byId = new Map<string, OnrampPurchaseCurrency>()
    for (const asset of this.#assets) {
      let currency = byId.get(asset.currency)
      if (!currency) {
        currency = { id: asset.currency, name: asset.name, symbol: asset.symbol, networks: [] }
        byId.set(asset.currency, currency)
      }
      currency.networks.push({
        name: asset.network,
        display_name: asset.chain.name,
        chain_id: String(asset.chain.chainId),
        contract_address: asset.token?.address ?? '',
      })
    }
    return [...byId.values()]
  }

  /** The networks a currency is sold on, in configuration order. */
  networksOf(currency: string): string[] {
    return this.#assets.filter((asset) => asset.currency === currency).map((asset) => asset.network)
  }

  /** The asset a currency id and a network slug name; a 400 naming which does not fit. */
  find(currency: string, network: string): OnrampAsset {
    if (!this.#assets.some((asset) => asset.currency === currency))
      throw new HttpError(400, `Unknown purchase currency ${currency}`)
    if (!this.#assets.some((asset) => asset.network === network))
      throw new HttpError(400, `Unknown network ${network}`)
    const asset = this.#assets.find(
      (candidate) => candidate.currency === currency && candidate.network === network,
    )
    if (!asset) throw new HttpError(400, `${currency} is not sold on ${network}`)
    return asset
  }

  /** The network slug of a chain the on-ramp sells on. */
  networkOf(chainId: number): string {
    return this.#chainOf(chainId)?.network ?? String(chainId)
  }

  /** The display name of a chain the on-ramp sells on. */
  chainName(chainId: number): string {
    return this.#chainOf(chainId)?.chain.name ?? `Chain ${chainId}`
  }

  #chainOf(chainId: number): OnrampAsset | undefined {
    return this.#assets.find((asset) => asset.chain.chainId === chainId)
  }
}
