import type { TokenConfig } from '../chains/chainConfig.ts'

/** The key of a chain's native coin in a price map; tokens are keyed by lower-case address. */
export const NATIVE_PRICE_KEY = 'native'

/**
 * Where USD prices come from. `usdPrices` answers the prices it knows, of the given tokens and of
 * the chain's native coin (`NATIVE_PRICE_KEY`); a token it cannot price is left out (unknown).
 * It throws when the source itself fails (unreachable, bad answer).
 */
export interface PriceSource {
  /** For logs: which kind of source this is. */
  readonly name: string
  usdPrices(chainId: number, tokens: readonly TokenConfig[]): Promise<Map<string, number>>
}

/** Prices as cached and handed to routes: lower-case address or `native` to USD per unit. */
export type UsdPrices = Readonly<Record<string, number>>
