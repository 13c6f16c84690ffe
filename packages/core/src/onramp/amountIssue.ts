import type { OnrampPaymentCurrency } from '@latch/protocol'
import {
  ONRAMP_FALLBACK_LIMITS,
  type OnrampPaymentMethod,
  onrampLimitMessage,
} from '@latch/protocol/constants'

/** Shown for an amount that is not a fiat amount (the server's rule: at most 2 decimals). */
export const INVALID_FIAT_AMOUNT = 'Enter an amount such as 50 or 49.25'

const FIAT_AMOUNT = /^\d{1,9}(\.\d{1,2})?$/

/** A fiat amount in cents, exactly (no float rounding at the limits). */
const cents = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** The smallest and largest payment of `method` in `currency`: its own, else the built-in ones. */
export function paymentLimits(
  currency: OnrampPaymentCurrency,
  method: OnrampPaymentMethod,
): { min: string; max: string } {
  const own = currency.payment_method_limits.find((limit) => limit.id === method)
  return own ? { min: own.min, max: own.max } : ONRAMP_FALLBACK_LIMITS[method]
}

/**
 * What is wrong with a payment amount, as the amount field says it: malformed, or outside the
 * payment method's limits in that currency; undefined when it is fine or empty.
 * @example onrampAmountIssue('5', usd, 'card') // 'The minimum for a card payment is 10.00 USD'
 */
export function onrampAmountIssue(
  amount: string | undefined,
  currency: OnrampPaymentCurrency,
  method: OnrampPaymentMethod,
): string | undefined {
  const typed = amount?.trim() ?? ''
  if (typed === '') return undefined
  if (!FIAT_AMOUNT.test(typed)) return INVALID_FIAT_AMOUNT
  const limits = paymentLimits(currency, method)
  const value = cents(typed)
  if (FIAT_AMOUNT.test(limits.min) && value < cents(limits.min))
    return onrampLimitMessage('min', limits.min, currency.id, method)
  if (FIAT_AMOUNT.test(limits.max) && value > cents(limits.max))
    return onrampLimitMessage('max', limits.max, currency.id, method)
  return undefined
}
