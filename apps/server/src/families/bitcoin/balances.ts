import type { EsploraAddress } from '@latch/protocol'
import { formatUnits } from 'viem'
import { NATIVE_PRICE_KEY, type UsdPrices } from '../../prices/priceSource.ts'
import type { PricedBalance } from '../types.ts'
import type { BitcoinChainClient } from './clients.ts'

/** What an address holds on a Bitcoin network, in satoshis: in blocks, and the mempool's change to it. */
export type BitcoinHoldings = { confirmed: bigint; unconfirmed: bigint }

/** One upstream call: the address's confirmed and mempool sums (`GET /address/:address`). */
export async function readBitcoinHoldings(
  chain: BitcoinChainClient,
  address: string,
): Promise<BitcoinHoldings> {
  const { chain_stats, mempool_stats } = await chain.esplora.json<EsploraAddress>(
    `/address/${address}`,
  )
  return {
    confirmed: BigInt(chain_stats.funded_txo_sum) - BigInt(chain_stats.spent_txo_sum),
    unconfirmed: BigInt(mempool_stats.funded_txo_sum) - BigInt(mempool_stats.spent_txo_sum),
  }
}

/**
 * The holdings as one balance entry, BTC, in the shape of the other families' (even at zero: what
 * the wallet has to pay fees with), with its confirmed part and the mempool's signed change.
 */
export function bitcoinBalances(
  chain: BitcoinChainClient,
  holdings: BitcoinHoldings,
  prices: UsdPrices,
): PricedBalance[] {
  const { name, symbol, decimals } = chain.config.nativeCurrency
  const total = holdings.confirmed + holdings.unconfirmed
  const numeric = formatUnits(total, decimals)
  const price = prices[NATIVE_PRICE_KEY] ?? 0
  return [
    {
      name,
      symbol,
      chainId: chain.caipNetworkId,
      ...(price > 0 ? { value: price * Number(numeric) } : {}),
      price,
      quantity: { decimals: String(decimals), numeric },
      confirmed: { numeric: formatUnits(holdings.confirmed, decimals) },
      unconfirmed: { numeric: formatUnits(holdings.unconfirmed, decimals) },
    },
  ]
}
