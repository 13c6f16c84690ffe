import { maxUint256 } from 'viem'

/** A pool's reserves as seen from one hop: what goes in, what comes out. */
export type HopReserves = { reserveIn: bigint; reserveOut: bigint }

/** Why a path gives no amount, as Router02's getAmountsOut would revert. */
export type NoAmount = 'no-liquidity' | 'too-small' | 'too-large'

/**
 * UniswapV2Library.getAmountOut, to the wei: `amountIn*997*reserveOut / (reserveIn*1000 +
 * amountIn*997)`, rounded down. Its reverts come back as the reason: empty reserves
 * (INSUFFICIENT_LIQUIDITY), nothing in (INSUFFICIENT_INPUT_AMOUNT), a uint256 overflow (SafeMath).
 */
export function getAmountOut(amountIn: bigint, hop: HopReserves): bigint | NoAmount {
  if (amountIn <= 0n) return 'too-small'
  if (hop.reserveIn <= 0n || hop.reserveOut <= 0n) return 'no-liquidity'
  const amountInWithFee = amountIn * 997n
  const numerator = amountInWithFee * hop.reserveOut
  const denominator = hop.reserveIn * 1000n + amountInWithFee
  if (amountInWithFee > maxUint256 || numerator > maxUint256 || denominator > maxUint256)
    return 'too-large'
  return numerator / denominator
}

/**
 * UniswapV2Library.getAmountsOut: the amount after each hop of a path, `amountIn` first. An
 * intermediate amount of 0 reverts on chain (the next hop gets no input); a final 0 does not, but
 * the swap itself would (INSUFFICIENT_OUTPUT_AMOUNT), so both are `too-small`.
 */
export function getAmountsOut(amountIn: bigint, hops: readonly HopReserves[]): bigint[] | NoAmount {
  const amounts = [amountIn]
  let amount = amountIn
  for (const hop of hops) {
    const out = getAmountOut(amount, hop)
    if (typeof out === 'string') return out
    amounts.push(out)
    amount = out
  }
  return amount === 0n ? 'too-small' : amounts
}

/** Parts per million in one percent. */
const PPM_PER_PERCENT = 10_000

/**
 * The least a swap may give: `amountOut` less `slippagePercent` percent (1 = 1%), rounded down.
 * The percentage is taken to a millionth (0.0001 %).
 */
export function minimumAmountOut(amountOut: bigint, slippagePercent: number): bigint {
  const slippagePpm = BigInt(Math.round(slippagePercent * PPM_PER_PERCENT))
  return (amountOut * (1_000_000n - slippagePpm)) / 1_000_000n
}
