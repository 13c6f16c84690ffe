import { formatUnits } from 'viem'
import { NATIVE_PRICE_KEY, type UsdPrices } from '../../prices/priceSource.ts'
import type { PricedBalance } from '../types.ts'
import type { SolanaChainClient } from './clients.ts'
import type { SolanaHoldings } from './holdings.ts'

/** `EPjF…Dt1v`: how a mint the server has no name for is labelled. */
const shortMint = (mint: string) => `${mint.slice(0, 4)}…${mint.slice(-4)}`

/**
 * The holdings as balance entries in the same shape as EVM's: SOL first (even at zero: the fees a
 * wallet can pay), then the configured tokens held, in config order, then any other mint held,
 * named by its address. Tokens configured as spam are left out. Prices are keyed by mint.
 */
export function solanaBalances(
  chain: SolanaChainClient,
  holdings: SolanaHoldings,
  prices: UsdPrices,
): PricedBalance[] {
  const { caipNetworkId, config } = chain
  const entry = (
    name: string,
    symbol: string,
    decimals: number,
    amount: bigint,
    priceKey: string,
    mint?: string,
  ): PricedBalance => {
    const numeric = formatUnits(amount, decimals)
    const price = prices[priceKey] ?? 0
    return {
      name,
      symbol,
      chainId: caipNetworkId,
      ...(mint ? { address: `${caipNetworkId}:${mint}` as const } : {}),
      ...(price > 0 ? { value: price * Number(numeric) } : {}),
      price,
      quantity: { decimals: String(decimals), numeric },
    }
  }
  const { name, symbol, decimals } = config.nativeCurrency
  const entries = [entry(name, symbol, decimals, holdings.lamports, NATIVE_PRICE_KEY)]
  const unlisted = new Map(holdings.tokens)
  for (const token of config.tokens) {
    const held = unlisted.get(token.mint)
    unlisted.delete(token.mint)
    if (!held || token.spam) continue
    entries.push(
      entry(token.name, token.symbol, token.decimals, held.amount, token.mint, token.mint),
    )
  }
  for (const [mint, held] of unlisted) {
    // A token of zero decimals is an NFT or a count, not a balance a wallet lists.
    if (held.decimals === 0) continue
    entries.push(entry('Unknown token', shortMint(mint), held.decimals, held.amount, mint, mint))
  }
  return entries
}
