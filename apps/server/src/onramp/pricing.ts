import {
  ONRAMP_FALLBACK_LIMITS,
  ONRAMP_FALLBACK_PAYMENT_CURRENCIES,
  ONRAMP_PAYMENT_METHODS,
  type OnrampPaymentCurrency,
  type OnrampPaymentMethod,
  onrampLimitMessage,
} from '@latch/protocol'
import { HttpError } from '../errors.ts'
import { MAX_PURCHASE_DECIMALS } from './constants.ts'

/** Fixed-point scale of prices and rates in the arithmetic below (8 decimals). */
const SCALE = 100_000_000

/** A fiat amount string ("50", "49.25") in cents. */
export function toCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
}

/** Cents as a fiat amount with 2 decimals ("49.25"). */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const absolute = cents < 0n ? -cents : cents
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`
}

/** The payment currencies and their limits: the built-in ones, as providers here give none. */
export function paymentCurrencies(): OnrampPaymentCurrency[] {
  return ONRAMP_FALLBACK_PAYMENT_CURRENCIES.map((id) => ({
    id,
    payment_method_limits: ONRAMP_PAYMENT_METHODS.map((method) => ({
      id: method,
      ...ONRAMP_FALLBACK_LIMITS[method],
    })),
  }))
}

/** A 400 unless the currency is one the on-ramp takes. */
export function requirePaymentCurrency(currency: string): void {
  if (!(ONRAMP_FALLBACK_PAYMENT_CURRENCIES as readonly string[]).includes(currency))
    throw new HttpError(
      400,
      `Unknown payment currency ${currency}: pay in ${ONRAMP_FALLBACK_PAYMENT_CURRENCIES.join(' or ')}`,
    )
}

/** The limit message of a payment outside the method's range, or undefined when inside. */
export function limitError(
  cents: bigint,
  currency: string,
  method: OnrampPaymentMethod,
): string | undefined {
  const { min, max } = ONRAMP_FALLBACK_LIMITS[method]
  if (cents < toCents(min)) return onrampLimitMessage('min', min, currency, method)
  if (cents > toCents(max)) return onrampLimitMessage('max', max, currency, method)
  return undefined
}

/** A 400 with the limit message of a payment outside the method's range. */
export function requireWithinLimits(
  cents: bigint,
  currency: string,
  method: OnrampPaymentMethod,
): void {
  const message = limitError(cents, currency, method)
  if (message) throw new HttpError(400, message)
}

/** A 400 unless some payment method takes the amount: an order not yet paid by either. */
export function requireWithinAnyLimits(cents: bigint, currency: string): void {
  const errors = ONRAMP_PAYMENT_METHODS.map((method) => limitError(cents, currency, method))
  if (errors.every(Boolean)) {
    // Below every minimum: the card's message; above every maximum: the bank's.
    const lowest = errors[0] as string
    const highest = errors.at(-1) as string
    throw new HttpError(400, cents < toCents(ONRAMP_FALLBACK_LIMITS.card.min) ? lowest : highest)
  }
}

export type PricingInput = {
  totalCents: bigint
  /** The provider's fee, in percent of the total. */
  feePercent: number
  /** The transfer's gas cost in USD. */
  networkFeeUsd: number
  /** USD per unit of the payment currency (1 for USD). */
  usdPerPaymentUnit: number
  /** USD per whole unit of the bought asset. */
  assetUsd: number
  assetDecimals: number
}

export type Pricing = {
  providerFeeCents: bigint
  networkFeeCents: bigint
  subtotalCents: bigint
  /** What arrives, in the asset's smallest unit: truncated to the shown decimals. */
  purchaseUnits: bigint
}

/**
 * A quote's arithmetic: the provider fee is its percent of the total rounded to cents, the
 * network fee the gas cost rounded up to cents (at least 0.01), the subtotal what is left, and
 * the bought amount the subtotal at the asset's price, truncated to at most 8 decimals.
 */
export function priceQuote(input: PricingInput): Pricing {
  const feeBasisPoints = BigInt(Math.round(input.feePercent * 100))
  const providerFeeCents = (input.totalCents * feeBasisPoints + 5_000n) / 10_000n
  const networkFeeInPayment = (input.networkFeeUsd / input.usdPerPaymentUnit) * 100
  // The epsilon keeps a float like 20.000000000000004 from rounding up to 21.
  const networkFeeCents = BigInt(Math.max(1, Math.ceil(networkFeeInPayment - 1e-9)))
  const subtotalCents = input.totalCents - providerFeeCents - networkFeeCents
  if (subtotalCents <= 0n) throw new HttpError(400, 'The amount does not cover the fees')
  const shown = Math.min(input.assetDecimals, MAX_PURCHASE_DECIMALS)
  const rate = BigInt(Math.round(input.usdPerPaymentUnit * SCALE))
  const price = BigInt(Math.round(input.assetUsd * SCALE))
  if (price <= 0n) throw new HttpError(503, 'No price for this currency right now: try again')
  const shownUnits = (subtotalCents * rate * 10n ** BigInt(shown)) / (100n * price)
  if (shownUnits === 0n) throw new HttpError(400, 'The amount buys nothing after fees')
  return {
    providerFeeCents,
    networkFeeCents,
    subtotalCents,
    purchaseUnits: shownUnits * 10n ** BigInt(input.assetDecimals - shown),
  }
}
