/** Parts per million in one percent. */
const PPM_PER_PERCENT = 10_000

/**
 * The least a swap may give: the quote less `slippagePercent` percent (1 = 1%), rounded down, the
 * percentage taken to a millionth. The server builds `amountOutMin` with the same rule, so the
 * built transaction can be checked against what the view showed.
 * @example minimumReceived(299_400_000n, 1) // 296_406_000n
 */
export function minimumReceived(quotedAmount: bigint, slippagePercent: number): bigint {
  const slippagePpm = BigInt(Math.round(slippagePercent * PPM_PER_PERCENT))
  return (quotedAmount * (1_000_000n - slippagePpm)) / 1_000_000n
}

/** The range of slippage tolerances the server accepts, in percent: more than 0, at most 50. */
export const SLIPPAGE_RANGE = { min: 0, max: 50 } as const

/** Whether the server would accept `slippagePercent` (more than 0, at most 50). */
export function isValidSlippage(slippagePercent: number): boolean {
  return (
    Number.isFinite(slippagePercent) &&
    slippagePercent > SLIPPAGE_RANGE.min &&
    slippagePercent <= SLIPPAGE_RANGE.max
  )
}
