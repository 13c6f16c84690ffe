// The network-fee check the kit (Send) and the embedded wallet's frame (its approval screen) both
// make before asking for an approval: what a transaction may cost in the native coin, and what is
// missing to pay it. Zod-free: both page bundles import it.

/** What a transaction may take from the account's native balance, in base units (wei). */
export type NativeCost = {
  /** The native coin the transaction sends. */
  value: bigint
  /** Gas limit x the highest price per gas it may pay; undefined when it could not be estimated. */
  fee: bigint | undefined
}

/** The native coin as the check names it. */
export type NativeCurrency = { symbol: string; decimals: number }

/**
 * How much native coin is missing to pay `value` plus the fee: 0 when the balance covers both (or
 * covers the value and the fee is unknown).
 * @example nativeShortfall(10n, { value: 5n, fee: 7n }) // 2n
 */
export function nativeShortfall(balance: bigint, cost: NativeCost): bigint {
  const total = cost.value + (cost.fee ?? 0n)
  return total > balance ? total - balance : 0n
}

/** Fraction digits shown at least; more for amounts below one, up to two significant digits. */
const MIN_FRACTION_DIGITS = 6

/**
 * An amount in whole units with at most 6 decimals (more below one, so two significant digits
 * show), no trailing zeros; `roundUp` for an amount someone must pay, so it is never understated.
 * @example formatNativeAmount(42_000_000_000_000n, 18) // '0.000042'
 */
export function formatNativeAmount(amount: bigint, decimals: number, roundUp = false): string {
  if (amount <= 0n) return '0'
  const unit = 10n ** BigInt(decimals)
  let places = Math.min(decimals, MIN_FRACTION_DIGITS)
  if (amount < unit) {
    const leadingZeros = decimals - amount.toString().length
    places = Math.min(decimals, Math.max(places, leadingZeros + 2))
  }
  const step = 10n ** BigInt(decimals - places)
  const scaled = amount / step + (roundUp && amount % step !== 0n ? 1n : 0n)
  const digits = scaled.toString().padStart(places + 1, '0')
  const whole = digits.slice(0, digits.length - places)
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * An amount in whole units to its last digit, no trailing zeros: for a fee that is exact (what the
 * chain will take), so nothing is rounded away.
 * @example formatExactAmount(2_044_280n, 9) // '0.00204428'
 */
export function formatExactAmount(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

export type ShortfallInput = {
  balance: bigint
  cost: NativeCost
  currency: NativeCurrency
  shortfall?: bigint
}

/**
 * What the balance cannot pay: the network fee alone, or the amount and the fee, and how much more
 * is needed in whole units (rounded up); undefined when it can pay. `shortfall` is that amount when
 * someone already worked it out (the server's cost answer), so it is not worked out twice; else
 * nativeShortfall's. Each screen words it in its own language.
 */
export function shortfallOf(
  input: ShortfallInput,
): { pays: 'fee' | 'amountAndFee'; more: string } | undefined {
  const { balance, cost, currency } = input
  const missing = input.shortfall ?? nativeShortfall(balance, cost)
  if (missing === 0n) return undefined
  return {
    pays: cost.value <= balance ? 'fee' : 'amountAndFee',
    more: formatNativeAmount(missing, currency.decimals, true),
  }
}
