// Limits of the swap routes (/v1/convert/*).

/** How long a built swap stays valid: Router02 reverts (EXPIRED) after its deadline. */
export const SWAP_DEADLINE_SECONDS = 20 * 60

/** Added to eth_estimateGas's answer: the pools' state may change before the swap is mined. */
export const GAS_ESTIMATE_MARGIN_PERCENT = 20

/**
 * Gas of a swap built with `disableEstimate`: a bound, not an estimate, for a path of one hop,
 * plus as much again per further hop (a Uniswap V2 hop costs well under 100k).
 */
export const SWAP_GAS_BOUND = 200_000n
export const SWAP_GAS_BOUND_PER_EXTRA_HOP = 100_000n
