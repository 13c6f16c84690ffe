import type { OnrampOrder, OnrampPaymentCurrency, OnrampPurchaseCurrency } from '@latch/protocol'
import type { OnrampPaymentMethod, OnrampProviderId } from '@latch/protocol/constants'
import type { OnrampQuote } from '../api/onrampFallbacks.ts'

/** An on-ramp provider as the OnRampProviders view lists it. */
export type OnrampProvider = {
  id: OnrampProviderId
  /** 'Coinbase', 'Meld', 'Sandbox (test mode)'. */
  label: string
  description: string
  /** The fee it charges, in percent (1-2% for the known providers). */
  feeRange: { readonly min: number; readonly max: number }
  paymentMethods: readonly OnrampPaymentMethod[]
}

/**
 * A purchase under way: `opening` while the server builds the provider's URL, `open` while the
 * visitor is with the provider, then `closed` (the window of a provider without an order to follow
 * closed: Coinbase, Meld), `completed` or `failed` (the sandbox order's outcome).
 */
export type OnrampCheckout = {
  provider: OnrampProviderId
  status: 'opening' | 'open' | 'closed' | 'completed' | 'failed'
  /** The provider's page, once the server gave it (the view's "Reopen window"). */
  url?: string
  /** The sandbox's order, polled until it completes or fails. */
  orderId?: string
  /** Whether the provider's window is still open. */
  windowOpen: boolean
}

/** The on-ramp's state (providers, currencies, amounts, quote), plus what its views need. */
export type OnrampState = {
  /** Known providers the project offers, in the known order. */
  providers: readonly OnrampProvider[]
  selectedProvider?: OnrampProvider
  /** Why the last quote or purchase failed, as the view shows it. */
  error?: string
  purchaseCurrency: OnrampPurchaseCurrency
  paymentCurrency: OnrampPaymentCurrency
  purchaseCurrencies: readonly OnrampPurchaseCurrency[]
  paymentCurrencies: readonly OnrampPaymentCurrency[]
  /** Whether the currencies were loaded (`loadCurrencies`) since the last reset. */
  currenciesStatus: 'idle' | 'loading' | 'ready'
  quotesLoading: boolean
  /** What the visitor pays, in the payment currency, as typed ('50', '49.25'). */
  paymentAmount?: string
  /** What arrives, in the purchase currency, from the last quote. */
  purchaseAmount?: string
  paymentMethod: OnrampPaymentMethod
  /** The limits message for the amount, or a malformed amount's; no quote meanwhile. */
  amountIssue?: string
  /** The quote of the current input; absent while typing, loading or after a failure. */
  quote?: OnrampQuote
  checkout?: OnrampCheckout
  /** The sandbox order of `checkout`, as last polled. */
  order?: OnrampOrder
}
