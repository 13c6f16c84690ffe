import type { FeeRates } from '../chains/types.ts'
import { chosenRate, feeOptions } from './bitcoinFeeRate.ts'
import type { SendFeeRate } from './sendFlowTypes.ts'

/**
 * A fee chosen by rate, for a transaction of `vsize`: each speed's fee at that size beside its
 * rate, and the rate chosen (undefined while there is none: rates loading, a rate typed wrong).
 * Undefined when the rates are not known.
 * @example priceAtRate(feeRate, 141, usdPerSat) // { feeRate: {...}, rate: 16 }
 */
export function priceAtRate(
  feeRate: SendFeeRate | undefined,
  vsize: number,
  usdPerSat: number | undefined,
): { feeRate: SendFeeRate; rate: number | undefined } | undefined {
  if (feeRate?.status !== 'ready') return undefined
  const rates = Object.fromEntries(
    feeRate.options.map((option) => [option.speed, option.rate]),
  ) as unknown as FeeRates
  const next: SendFeeRate = { ...feeRate, options: feeOptions(rates, vsize, usdPerSat) }
  return { feeRate: next, rate: chosenRate(next) }
}
