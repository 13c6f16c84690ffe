import { type Address, erc20Abi, formatUnits, parseAbi, zeroAddress } from 'viem'
import type { TokenConfig } from '../chains/chainConfig.ts'
import type { ChainClient } from '../chains/clients.ts'
import { type MulticallRead, multicall } from '../chains/multicall.ts'
import { MISSING_POOL_RECHECK_MS } from '../constants.ts'
import { NATIVE_PRICE_KEY, type PriceSource } from './priceSource.ts'

const factoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

type Lower = Lowercase<Address>
const lower = (address: Address) => address.toLowerCase() as Lower

/** A pool's address once looked up; `null` when the factory had none at `checkedAt`. */
type KnownPair = { pair: Lower | null; checkedAt: number }

/**
 * USD prices from a chain's Uniswap V2 pools (its `uniswapV2` config): the spot price of each
 * token against `usdToken` (worth 1 USD) where that pool exists with liquidity, else through
 * `weth` (token/WETH x WETH/USD); the native coin is priced as WETH. A token with neither pool
 * is unknown. Every needed pool's reserves are read in one Multicall3 call; pool addresses are
 * looked up once (a pair never moves) in one more.
 *
 * Spot reserves are cheap and need no third party, but one trade moves them: production should
 * set PRICE_API_URL.
 */
export class UniswapV2PriceSource implements PriceSource {
  readonly name = 'uniswap-v2'
  readonly #chains: Map<number, ChainClient>
  readonly #pairs = new Map<string, KnownPair>()
  /** Decimals of the USD token and WETH where the token list does not say: they never change. */
  readonly #decimals = new Map<string, number>()

  constructor(chains: Map<number, ChainClient>) {
    this.#chains = chains
  }

  async usdPrices(chainId: number, tokens: readonly TokenConfig[]): Promise<Map<string, number>> {
    const prices = new Map<string, number>()
    const chain = this.#chains.get(chainId)
    const pools = chain?.config.uniswapV2
    const multicall3 = chain?.config.multicall3
    if (!chain || !pools || !multicall3) return prices

    const usd = lower(pools.usdToken)
    const weth = lower(pools.weth)
    const decimals = new Map<Lower, number>()
    for (const token of [...chain.config.tokens, ...tokens])
      decimals.set(lower(token.address), token.decimals)
    const needed: [Lower, Lower][] = [[weth, usd]]
    for (const token of tokens) {
      const address = lower(token.address)
      if (address !== usd && address !== weth) needed.push([address, usd], [address, weth])
    }
    await this.#lookUp(chain, pools.factory, multicall3, needed, decimals)
    for (const address of [usd, weth]) {
      const known = this.#decimals.get(`${chainId}:${address}`)
      if (!decimals.has(address) && known !== undefined) decimals.set(address, known)
    }

    const pairs = [
      ...new Set(needed.map((tokens) => this.#pairs.get(pairKey(chainId, tokens))?.pair)),
    ].filter((pair): pair is Lower => typeof pair === 'string')
    const results = await multicall(
      chain.client,
      multicall3,
      pairs.map((pair) => ({ address: pair, abi: pairAbi, functionName: 'getReserves' })),
    )
    const reserves = new Map<Lower, readonly [bigint, bigint]>()
    pairs.forEach((pair, index) => {
      const result = results[index] as readonly [bigint, bigint, number] | undefined
      if (result) reserves.set(pair, [result[0], result[1]])
    })

    /** Units of `quote` one whole `base` is worth in their pool, if it has liquidity. */
    const rate = (base: Lower, quote: Lower): number | undefined => {
      const pair = this.#pairs.get(pairKey(chainId, [base, quote]))?.pair
      const pool = pair ? reserves.get(pair) : undefined
      const [baseDecimals, quoteDecimals] = [decimals.get(base), decimals.get(quote)]
      if (!pool || baseDecimals === undefined || quoteDecimals === undefined) return undefined
      // A pair orders its tokens by address: reserve0 is the lower one's.
      const [baseReserve, quoteReserve] = base < quote ? pool : [pool[1], pool[0]]
      if (baseReserve === 0n || quoteReserve === 0n) return undefined
      return (
        Number(formatUnits(quoteReserve, quoteDecimals)) /
        Number(formatUnits(baseReserve, baseDecimals))
      )
    }

    const wethUsd = rate(weth, usd)
    if (wethUsd !== undefined) {
      prices.set(NATIVE_PRICE_KEY, wethUsd)
      prices.set(weth, wethUsd)
    }
    const throughWeth = (address: Lower) => {
      const inWeth = wethUsd === undefined ? undefined : rate(address, weth)
      return inWeth === undefined || wethUsd === undefined ? undefined : inWeth * wethUsd
    }
    for (const token of tokens) {
      const address = lower(token.address)
      if (address === usd) prices.set(address, 1)
      if (address === usd || address === weth) continue
      const price = rate(address, usd) ?? throughWeth(address)
      if (price !== undefined) prices.set(address, price)
    }
    return prices
  }

  /**
   * Looks up, in one multicall, the pairs not known yet (or missing when last looked, a while
   * ago) and the decimals of the USD token and WETH when the token list lacks them.
   */
  async #lookUp(
    chain: ChainClient,
    factory: Address,
    multicall3: Address,
    needed: [Lower, Lower][],
    decimals: Map<Lower, number>,
  ): Promise<void> {
    const chainId = chain.config.chainId
    const now = performance.now()
    const pairs = new Map<string, [Lower, Lower]>()
    for (const tokens of needed) {
      const key = pairKey(chainId, tokens)
      const known = this.#pairs.get(key)
      if (!known || (known.pair === null && now - known.checkedAt > MISSING_POOL_RECHECK_MS))
        pairs.set(key, tokens)
    }
    // Every token's decimals are configured; only the USD token and WETH may be missing.
    const unknownDecimals = [...new Set(needed.flat())].filter(
      (address) => !decimals.has(address) && !this.#decimals.has(`${chainId}:${address}`),
    )
    if (pairs.size === 0 && unknownDecimals.length === 0) return
    const reads: MulticallRead[] = [
      ...[...pairs.values()].map(
        (tokens): MulticallRead => ({
          address: factory,
          abi: factoryAbi,
          functionName: 'getPair',
          args: tokens,
        }),
      ),
      ...unknownDecimals.map(
        (address): MulticallRead => ({ address, abi: erc20Abi, functionName: 'decimals' }),
      ),
    ]
    const results = await multicall(chain.client, multicall3, reads)
    ;[...pairs.keys()].forEach((key, index) => {
      const pair = results[index]
      this.#pairs.set(key, {
        pair: typeof pair === 'string' && pair !== zeroAddress ? lower(pair as Address) : null,
        checkedAt: now,
      })
    })
    unknownDecimals.forEach((address, index) => {
      const value = results[pairs.size + index]
      if (typeof value === 'number') this.#decimals.set(`${chainId}:${address}`, value)
    })
  }
}

/** One key per pool whichever way round its tokens are named. */
function pairKey(chainId: number, [a, b]: readonly [Lower, Lower]): string {
  return a < b ? `${chainId}:${a}:${b}` : `${chainId}:${b}:${a}`
}
