import { type Address, zeroAddress } from 'viem'
import { type MulticallRead, multicall } from '../chains/multicall.ts'
import { eip2612Abi, uniswapV2PairAbi } from './abis.ts'
import { type PairDirectory, pairKey } from './pairDirectory.ts'
import type { Lower, SwapAsset, SwapChain } from './swapChain.ts'

/** A token offered for swaps, and whether it has EIP-2612 permit (absent for the native coin). */
export type ListedSwapToken = SwapAsset & { eip2612?: boolean }

/**
 * The assets a chain can swap: the native coin first (when WETH has a pool with liquidity), then
 * each configured non-spam token, in config order, that has a pool with liquidity against WETH or
 * the USD token, the hubs routes go through. The pools' reserves and each token's EIP-2612 probe
 * (DOMAIN_SEPARATOR and nonces both answer) are read in one Multicall3 call.
 */
export async function listSwapTokens(
  pairs: PairDirectory,
  swapChain: SwapChain,
): Promise<ListedSwapToken[]> {
  const tokens = [...swapChain.tokens.values()]
  const hubPairs = tokens.flatMap((token) =>
    [swapChain.weth, swapChain.usd]
      .filter((hub) => hub !== token.pathAddress)
      .map((hub) => [token.pathAddress, hub] as [Lower, Lower]),
  )
  const pools = await pairs.pairsOf(swapChain, hubPairs)
  const poolList = [...new Set(pools.values())]
  const probes = tokens.flatMap((token): MulticallRead[] => [
    { address: token.pathAddress, abi: eip2612Abi, functionName: 'DOMAIN_SEPARATOR' },
    { address: token.pathAddress, abi: eip2612Abi, functionName: 'nonces', args: [zeroAddress] },
  ])
  const results = await multicall(swapChain.chain.client, swapChain.multicall3, [
    ...probes,
    ...poolList.map(
      (address): MulticallRead => ({ address, abi: uniswapV2PairAbi, functionName: 'getReserves' }),
    ),
  ])
  const liquid = new Set<Address>()
  poolList.forEach((address, index) => {
    const reserves = results[probes.length + index] as readonly [bigint, bigint, number] | undefined
    if (reserves && reserves[0] > 0n && reserves[1] > 0n) liquid.add(address)
  })
  // Every token that is one side of a liquid pool: a hub is listed through its partners' pools.
  const routable = new Set<Lower>()
  for (const [a, b] of hubPairs) {
    const pool = pools.get(pairKey(swapChain.chainId, a, b))
    if (pool && liquid.has(pool)) routable.add(a).add(b)
  }
  const listed: ListedSwapToken[] = routable.has(swapChain.weth) ? [swapChain.native] : []
  tokens.forEach((token, index) => {
    if (!routable.has(token.pathAddress)) return
    const permit = results[index * 2] !== undefined && results[index * 2 + 1] !== undefined
    listed.push({ ...token, eip2612: permit })
  })
  return listed
}
