import type { BitcoinFeeRatesResponse, EsploraFeeEstimates } from '@latch/protocol'
import type { BitcoinChainClient } from './clients.ts'

/** Confirmation targets, in blocks, of the three choices a wallet offers. */
export const FEE_TARGETS = { fast: 1, normal: 3, slow: 6 } as const

/** Bitcoin Core's default relay minimum: a rate under it is never relayed. */
const MIN_RELAY_SAT_PER_VB = 1

/**
 * The rate for a target from an estimates table: the one for that target, else for the nearest
 * longer target the node has (it may leave some out), rounded up to a whole sat/vB.
 */
function rateFor(estimates: EsploraFeeEstimates, target: number): number {
  const targets = Object.keys(estimates)
    .map(Number)
    .filter((known) => Number.isInteger(known) && known >= target)
    .sort((a, b) => a - b)
  const rate = targets.length > 0 ? (estimates[String(targets[0])] ?? 0) : 0
  return Math.max(MIN_RELAY_SAT_PER_VB, Math.ceil(rate))
}

/**
 * Slow, normal and fast rates from an estimates table. An idle chain's node has no estimates yet
 * and answers an empty table: every rate is then the relay minimum.
 */
export function feeRatesOf(estimates: EsploraFeeEstimates): BitcoinFeeRatesResponse {
  const fast = rateFor(estimates, FEE_TARGETS.fast)
  const normal = Math.min(fast, rateFor(estimates, FEE_TARGETS.normal))
  const slow = Math.min(normal, rateFor(estimates, FEE_TARGETS.slow))
  return { unit: 'sat/vB', slow, normal, fast }
}

/** The chain's rates from its `/fee-estimates` (one upstream call). */
export async function readFeeRates(chain: BitcoinChainClient): Promise<BitcoinFeeRatesResponse> {
  return feeRatesOf(await chain.esplora.json<EsploraFeeEstimates>('/fee-estimates'))
}
