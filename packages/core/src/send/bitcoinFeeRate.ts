import type { FeeRates } from '../chains/types.ts'
import type { FeeSpeed, SendFeeRate } from './sendFlowTypes.ts'

/** The speeds a Bitcoin fee rate is picked from, slowest first. */
export const FEE_SPEEDS: readonly FeeSpeed[] = ['slow', 'normal', 'fast']

/**
 * The size of a typical payment before a receiver and coins are known (one native segwit coin,
 * the receiver and the change, both native segwit): what the form's fees are reckoned for.
 */
export const TYPICAL_BITCOIN_VSIZE = 141

/** The rate the visitor chose, in sat/vB, or undefined while there is none (loading, typed wrong). */
export function chosenRate(feeRate: SendFeeRate | undefined): number | undefined {
  if (!feeRate) return undefined
  if (feeRate.choice === 'custom') {
    const typed = feeRate.custom.trim()
    return /^\d+$/.test(typed) && Number(typed) >= 1 ? Number(typed) : undefined
  }
  return feeRate.options.find((option) => option.speed === feeRate.choice)?.rate
}

/** Each speed's fee for a transaction of `vsize`, with its USD value at `usdPerSat`. */
export function feeOptions(
  rates: FeeRates,
  vsize: number,
  usdPerSat: number | undefined,
): SendFeeRate['options'] {
  return FEE_SPEEDS.map((speed) => {
    const fee = BigInt(vsize) * BigInt(rates[speed])
    return {
      speed,
      rate: rates[speed],
      fee,
      ...(usdPerSat !== undefined ? { usd: Number(fee) * usdPerSat } : {}),
    }
  })
}
