import * as z from 'zod/mini'
import { ONRAMP_PAYMENT_METHODS, ONRAMP_PROVIDERS } from '../constants.ts'
import { caipNetworkIdAnswer } from './leaves.ts'

// The on-ramp's answers. Amounts cross the wire as decimal strings in whole
// units (fiat: at most 2 decimals), never as floats.

export const onrampProviderId = z.enum(ONRAMP_PROVIDERS)
export const onrampPaymentMethod = z.enum(ONRAMP_PAYMENT_METHODS)

/** An amount with its currency, as every quote field is given. */
export const currencyAmount = z.object({
  amount: z.string().check(z.describe('Whole units as a decimal string')),
  currency: z.string().check(z.describe('A fiat code (USD) or a token symbol (USDC)')),
})
export type CurrencyAmount = z.infer<typeof currencyAmount>

// GET /v1/onramp/options

export const onrampPaymentMethodLimit = z.object({
  id: onrampPaymentMethod,
  min: z.string(),
  max: z.string(),
})
export type OnrampPaymentMethodLimit = z.infer<typeof onrampPaymentMethodLimit>

export const onrampPaymentCurrency = z.object({
  /** ISO 4217 code: USD, EUR. */
  id: z.string(),
  payment_method_limits: z.array(onrampPaymentMethodLimit),
})
export type OnrampPaymentCurrency = z.infer<typeof onrampPaymentCurrency>

export const onrampNetwork = z.object({
  /** The network's slug, what a quote's `network` names: ethereum, polygon, latch-devnet. */
  name: z.string(),
  display_name: z.string(),
  /** The EVM chain id as a decimal string ("31337"). */
  chain_id: z.string(),
  /** The token's address on this network; empty for the native coin. */
  contract_address: z.string(),
})
export type OnrampNetwork = z.infer<typeof onrampNetwork>

export const onrampPurchaseCurrency = z.object({
  /** The currency's id: its symbol (USDC, ETH). */
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(onrampNetwork),
})
export type OnrampPurchaseCurrency = z.infer<typeof onrampPurchaseCurrency>

export const onrampOptionsResponse = z.object({
  paymentCurrencies: z.array(onrampPaymentCurrency),
  purchaseCurrencies: z.array(onrampPurchaseCurrency),
})
export type OnrampOptionsResponse = z.infer<typeof onrampOptionsResponse>

// POST /v1/onramp/quote

export const onrampQuoteResponse = z.object({
  /** What the visitor pays: the amount asked for. */
  paymentTotal: currencyAmount,
  /** What buys the tokens: the total less both fees. */
  paymentSubtotal: currencyAmount,
  /** What arrives in the wallet. */
  purchaseAmount: currencyAmount,
  /** The transfer's gas, in the payment currency. */
  networkFee: currencyAmount,
  /** The provider's fee (named after Coinbase by the clients' shape; it is any provider's). */
  coinbaseFee: currencyAmount,
  /** Pass to POST /v1/generators/onrampurl: the sandbox then charges exactly this quote. */
  quoteId: z.string(),
  /** ISO 8601: when the quote stops being honoured. */
  expiresAt: z.string(),
})
export type OnrampQuoteResponse = z.infer<typeof onrampQuoteResponse>

/** POST /v1/generators/onrampurl: the provider's page, and the sandbox's order. */
export const onrampUrlResponse = z.object({
  url: z.url(),
  /** The sandbox's order: poll GET /v1/onramp/orders/{orderId} for its status. */
  orderId: z.optional(z.uuid()),
})
export type OnrampUrlResponse = z.infer<typeof onrampUrlResponse>

// GET /v1/onramp/orders/{orderId}

/**
 * An order's life: `created` (checkout open, nothing paid), `pending` (paid; the tokens are on
 * their way), then `completed` (with the transfer's hash) or `failed` (with a reason).
 */
export const onrampOrderStatus = z.enum(['created', 'pending', 'completed', 'failed'])
export type OnrampOrderStatus = z.infer<typeof onrampOrderStatus>

export const onrampOrder = z.object({
  orderId: z.uuid(),
  provider: onrampProviderId,
  status: onrampOrderStatus,
  paymentTotal: currencyAmount,
  purchaseAmount: currencyAmount,
  /** How it was paid; absent until it was. */
  paymentMethod: z.optional(onrampPaymentMethod),
  network: caipNetworkIdAnswer,
  /** Where the tokens go (checksummed). */
  address: z.string(),
  /** The transfer's hash, once signed. */
  txHash: z.optional(z.string()),
  /** Why a `failed` order failed. */
  failureReason: z.optional(z.string()),
  /** The provider's message for the last refused payment (a declined card); the order stays open. */
  paymentError: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type OnrampOrder = z.infer<typeof onrampOrder>
