import type { Address } from 'viem'
import { type MulticallRead, multicall } from '../chains/multicall.ts'
import { HttpError } from '../errors.ts'
import { multicall3BlockAbi, uniswapV2PairAbi } from './abis.ts'
import { type PairDirectory, pairKey } from './pairDirectory.ts'
import type { Lower, SwapAsset, SwapChain } from './swapChain.ts'
import { getAmountsOut, type HopReserves, type NoAmount } from './uniswapV2Math.ts'

/** A way through the pools and what it gives. */
export type SwapRoute = {
  /** Router02's `path`: token addresses, WETH for the native coin. */
  path: Lower[]
  /** The amount after each hop, the amount in first: what Router02's getAmountsOut returns. */
  amounts: bigint[]
  amountOut: bigint
}

/** The best route at one block, and the extra reads asked for in the same call. */
export type SwapQuote = {
  route: SwapRoute
  blockNumber: bigint
  blockTimestamp: bigint
  /** Results of `extraReads`, in order; undefined where a read failed. */
  extra: unknown[]
}

/** What a caller is told when no route gives anything, by the reason the pools gave. */
export const NO_ROUTE_MESSAGES: Record<NoAmount, string> = {
  'no-liquidity': 'No liquidity for this pair',
  'too-small': 'Amount too small: this swap would give nothing',
  'too-large': 'Amount too large for the pools of this pair',
}

/**
 * The paths worth trying from `from` to `to` (path addresses): the direct pool, through WETH and
 * through the USD token. Each must have its pools; the best output wins.
 */
export function candidatePaths(swapChain: SwapChain, from: Lower, to: Lower): Lower[][] {
  const paths: Lower[][] = [[from, to]]
  for (const hub of [swapChain.weth, swapChain.usd]) {
    if (hub !== from && hub !== to) paths.push([from, hub, to])
  }
  return paths
}

/** The quote id: the route and the block its reserves were read at (see protocol `swapQuote`). */
export function quoteIdOf(chainId: number, route: SwapRoute, blockNumber: bigint): string {
  return `uniswap-v2:${chainId}:${route.path.join('>')}@${blockNumber}`
}

/**
 * The best Uniswap V2 route to sell `amountIn` of `from` for `to`, from the reserves of every
 * candidate path's pools read in ONE Multicall3 call (with the block number and timestamp, and any
 * `extraReads`, so all of them are of the same block). The amounts are Router02's getAmountsOut at
 * that block, computed locally with its exact formula. Ties go to the shorter path (less gas).
 *
 * Throws a 400 when no path gives anything (no pool, no liquidity, too small or too large an
 * amount); errors of the chain's RPC propagate.
 *
 * @example
 * const quote = await quoteSwap(pairs, swapChain, { from, to, amountIn: 10n ** 18n })
 * quote.route.amountOut // USDC (6 decimals) for 1 ETH
 */
export async function quoteSwap(
  pairs: PairDirectory,
  swapChain: SwapChain,
  request: {
    from: SwapAsset
    to: SwapAsset
    amountIn: bigint
    extraReads?: readonly MulticallRead[]
  },
): Promise<SwapQuote> {
  const paths = candidatePaths(swapChain, request.from.pathAddress, request.to.pathAddress)
  const hopsOf = (path: Lower[]) =>
    path.slice(1).map((address, index) => [path[index] as Lower, address] as const)
  const pools = await pairs.pairsOf(swapChain, paths.flatMap(hopsOf))
  const routable = paths.filter((path) =>
    hopsOf(path).every(([a, b]) => pools.has(pairKey(swapChain.chainId, a, b))),
  )
  if (routable.length === 0) throw new HttpError(400, NO_ROUTE_MESSAGES['no-liquidity'])
  const poolAddresses = [
    ...new Set(
      routable.flatMap((path) => hopsOf(path).map(([a, b]) => pairKey(swapChain.chainId, a, b))),
    ),
  ].map((key) => pools.get(key) as Address)
  const extraReads = request.extraReads ?? []

  const results = await multicall(swapChain.chain.client, swapChain.multicall3, [
    { address: swapChain.multicall3, abi: multicall3BlockAbi, functionName: 'getBlockNumber' },
    {
      address: swapChain.multicall3,
      abi: multicall3BlockAbi,
      functionName: 'getCurrentBlockTimestamp',
    },
    ...extraReads,
    ...poolAddresses.map(
      (address): MulticallRead => ({ address, abi: uniswapV2PairAbi, functionName: 'getReserves' }),
    ),
  ])
  const [blockNumber, blockTimestamp] = results as [bigint | undefined, bigint | undefined]
  if (blockNumber === undefined || blockTimestamp === undefined)
    throw new Error(`Multicall3 at ${swapChain.multicall3} gave no block number`)
  const reservesOf = new Map<Address, readonly [bigint, bigint]>()
  poolAddresses.forEach((address, index) => {
    const reserves = results[2 + extraReads.length + index] as
      | readonly [bigint, bigint, number]
      | undefined
    if (reserves) reservesOf.set(address, [reserves[0], reserves[1]])
  })

  let best: SwapRoute | undefined
  let failure: NoAmount = 'no-liquidity'
  for (const path of routable) {
    const hops = hopsOf(path).map(([a, b]): HopReserves => {
      const [reserve0, reserve1] = reservesOf.get(
        pools.get(pairKey(swapChain.chainId, a, b)) as Address,
      ) ?? [0n, 0n]
      // A pair orders its reserves by token address.
      return a < b
        ? { reserveIn: reserve0, reserveOut: reserve1 }
        : { reserveIn: reserve1, reserveOut: reserve0 }
    })
    const amounts = getAmountsOut(request.amountIn, hops)
    if (typeof amounts === 'string') {
      // The most telling reason across paths: a too-small or too-large amount over no pool.
      if (amounts !== 'no-liquidity') failure = amounts
      continue
    }
    const amountOut = amounts.at(-1) as bigint
    if (!best || amountOut > best.amountOut) best = { path, amounts, amountOut }
  }
  if (!best) throw new HttpError(400, NO_ROUTE_MESSAGES[failure])
  return {
    route: best,
    blockNumber,
    blockTimestamp,
    extra: results.slice(2, 2 + extraReads.length),
  }
}
