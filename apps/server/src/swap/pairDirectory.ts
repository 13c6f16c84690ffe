import { type Address, zeroAddress } from 'viem'
import { multicall } from '../chains/multicall.ts'
import { MISSING_POOL_RECHECK_MS } from '../constants.ts'
import { uniswapV2FactoryAbi } from './abis.ts'
import { type Lower, lower, type SwapChain } from './swapChain.ts'

/** A pool's address once looked up; `null` when the factory had none at `checkedAt`. */
type KnownPair = { pair: Lower | null; checkedAt: number }

/** One key per pool whichever way round its tokens are named. */
export function pairKey(chainId: number, a: Lower, b: Lower): string {
  return a < b ? `${chainId}:${a}:${b}` : `${chainId}:${b}:${a}`
}

/**
 * Where each Uniswap V2 pool of two tokens lives, asked of the factory once (a pair never moves)
 * in one multicall for all the pairs a call needs. A pair the factory did not have is asked
 * again after MISSING_POOL_RECHECK_MS, as someone may create it.
 */
export class PairDirectory {
  readonly #known = new Map<string, KnownPair>()
  readonly #pending = new Map<string, Promise<void>>()

  /** The pool address of each asked pair that exists, by `pairKey`. */
  async pairsOf(
    swapChain: SwapChain,
    pairs: readonly (readonly [Lower, Lower])[],
  ): Promise<Map<string, Address>> {
    const now = performance.now()
    const toLookUp = new Map<string, readonly [Lower, Lower]>()
    const waiting: Promise<void>[] = []
    for (const [a, b] of pairs) {
      const key = pairKey(swapChain.chainId, a, b)
      const pending = this.#pending.get(key)
      if (pending) waiting.push(pending)
      else if (this.#stale(key, now)) toLookUp.set(key, [a, b])
    }
    if (toLookUp.size > 0) {
      const lookUp = this.#lookUp(swapChain, toLookUp, now)
      for (const key of toLookUp.keys()) this.#pending.set(key, lookUp)
      waiting.push(lookUp)
      lookUp
        .finally(() => {
          for (const key of toLookUp.keys()) this.#pending.delete(key)
        })
        .catch(() => {})
    }
    await Promise.all(waiting)
    const found = new Map<string, Address>()
    for (const [a, b] of pairs) {
      const key = pairKey(swapChain.chainId, a, b)
      const pair = this.#known.get(key)?.pair
      if (pair) found.set(key, pair)
    }
    return found
  }

  #stale(key: string, now: number): boolean {
    const known = this.#known.get(key)
    return !known || (known.pair === null && now - known.checkedAt > MISSING_POOL_RECHECK_MS)
  }

  async #lookUp(
    swapChain: SwapChain,
    pairs: Map<string, readonly [Lower, Lower]>,
    now: number,
  ): Promise<void> {
    const results = await multicall(
      swapChain.chain.client,
      swapChain.multicall3,
      [...pairs.values()].map((tokens) => ({
        address: swapChain.factory,
        abi: uniswapV2FactoryAbi,
        functionName: 'getPair',
        args: tokens,
      })),
    )
    ;[...pairs.keys()].forEach((key, index) => {
      const pair = results[index]
      this.#known.set(key, {
        pair: typeof pair === 'string' && pair !== zeroAddress ? lower(pair) : null,
        checkedAt: now,
      })
    })
  }
}
