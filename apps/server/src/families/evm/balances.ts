import { type Address, erc20Abi, formatUnits } from 'viem'
import type { ChainClient } from '../../chains/clients.ts'
import { type MulticallRead, multicall, multicall3Abi } from '../../chains/multicall.ts'
import { NATIVE_PRICE_KEY, type UsdPrices } from '../../prices/priceSource.ts'
import type { PricedBalance } from '../types.ts'

/** What an address holds on one chain, in base units: the native coin and each configured token. */
export type ChainHoldings = {
  native: bigint
  /** In the order of the chain's `tokens`; 0 where a token's contract did not answer. */
  tokens: bigint[]
}

/**
 * Reads the native balance and every configured token balance of `owner`. With Multicall3 that is
 * one `eth_call` (getEthBalance + each balanceOf through aggregate3); without it, one call each.
 */
export async function readHoldings(chain: ChainClient, owner: Address): Promise<ChainHoldings> {
  const { client, config } = chain
  const balanceOf = config.tokens.map(
    (token): MulticallRead => ({
      address: token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    }),
  )
  if (config.multicall3) {
    const nativeRead: MulticallRead = {
      address: config.multicall3,
      abi: multicall3Abi,
      functionName: 'getEthBalance',
      args: [owner],
    }
    const [native, ...tokens] = await multicall(client, config.multicall3, [
      nativeRead,
      ...balanceOf,
    ])
    if (typeof native !== 'bigint')
      throw new Error(`Multicall3 at ${config.multicall3} did not answer getEthBalance`)
    return { native, tokens: tokens.map((amount) => (typeof amount === 'bigint' ? amount : 0n)) }
  }
  const [native, ...tokens] = await Promise.all([
    client.getBalance({ address: owner }),
    ...config.tokens.map((token) =>
      client
        .readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
        })
        .catch(() => 0n),
    ),
  ])
  return { native, tokens }
}

/**
 * The non-zero holdings as balance entries, native coin first, then tokens in config
 * order; `price` 0 and no `value` where no price is known. Tokens configured as spam are left out:
 * an unsolicited airdrop is not something the account holds in any useful sense, and its name is
 * often a lure ("Visit ... to claim") no wallet should show.
 */
export function pricedBalances(
  chain: ChainClient,
  holdings: ChainHoldings,
  prices: UsdPrices,
): PricedBalance[] {
  const { config, caipNetworkId } = chain
  const entries: PricedBalance[] = []
  const add = (
    name: string,
    symbol: string,
    decimals: number,
    amount: bigint,
    priceKey: string,
    address?: Address,
  ) => {
    // The native coin is always listed (the gas a wallet has, even none); tokens only when held.
    if (amount === 0n && address) return
    const numeric = formatUnits(amount, decimals)
    const price = prices[priceKey] ?? 0
    entries.push({
      name,
      symbol,
      chainId: caipNetworkId,
      ...(address ? { address: `${caipNetworkId}:${address}` as const } : {}),
      ...(price > 0 ? { value: price * Number(numeric) } : {}),
      price,
      quantity: { decimals: String(decimals), numeric },
    })
  }
  const { name, symbol, decimals } = config.nativeCurrency
  add(name, symbol, decimals, holdings.native, NATIVE_PRICE_KEY)
  config.tokens.forEach((token, index) => {
    if (token.spam) return
    const amount = holdings.tokens[index] ?? 0n
    add(
      token.name,
      token.symbol,
      token.decimals,
      amount,
      token.address.toLowerCase(),
      token.address,
    )
  })
  return entries
}
