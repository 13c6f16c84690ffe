import { formatUnits } from 'viem'
import type { SwapGas } from './types.ts'

/**
 * What a transaction's gas costs in USD at most: gas limit x gas price, in the native coin,
 * times its USD price. Undefined without gas or a price.
 * @example networkFeeUsd({ gas: 150_000n, gasPrice: 2_000_000_000n }, 18, 3000) // 0.9
 */
export function networkFeeUsd(
  gas: SwapGas | undefined,
  nativeDecimals: number,
  nativePrice: number | undefined,
): number | undefined {
  if (!gas || !nativePrice || nativePrice <= 0) return undefined
  return Number(formatUnits(gas.gas * gas.gasPrice, nativeDecimals)) * nativePrice
}
