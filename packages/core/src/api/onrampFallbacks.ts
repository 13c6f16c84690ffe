// What the client answers for the on-ramp when the server cannot: built-in currencies and limits,
// and a quote the provider prices. They live with the client that falls back on them, below the
// on-ramp's controller, which starts from the same currencies.
import type {
  CurrencyAmount,
  OnrampOptionsResponse,
  OnrampPaymentCurrency,
  OnrampPurchaseCurrency,
  OnrampQuoteRequest,
  OnrampQuoteResponse,
} from '@latch/protocol'
import {
  ONRAMP_FALLBACK_LIMITS,
  ONRAMP_FALLBACK_PAYMENT_CURRENCIES,
  ONRAMP_PAYMENT_METHODS,
} from '@latch/protocol/constants'

/** The purchase currency until options say otherwise: USDC on Ethereum and Polygon. */
export const DEFAULT_PURCHASE_CURRENCY: OnrampPurchaseCurrency = {
  id: 'USDC',
  name: 'USD Coin',
  symbol: 'USDC',
  networks: [
    {
      name: 'ethereum',
      display_name: 'Ethereum',
      chain_id: '1',
      contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    },
    {
      name: 'polygon',
      display_name: 'Polygon',
      chain_id: '137',
      contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    },
  ],
}

/** A fiat currency with the built-in limits of each payment method. */
const withFallbackLimits = (id: string): OnrampPaymentCurrency => ({
  id,
  payment_method_limits: ONRAMP_PAYMENT_METHODS.map((method) => ({
    id: method,
    ...ONRAMP_FALLBACK_LIMITS[method],
  })),
})

/** The payment currency until options say otherwise: USD, with the built-in limits. */
export const DEFAULT_PAYMENT_CURRENCY: OnrampPaymentCurrency = withFallbackLimits('USD')

/** What GET /v1/onramp/options stands for when it fails: USD and EUR, USDC, so Buy still works. */
export const FALLBACK_ONRAMP_OPTIONS: OnrampOptionsResponse = {
  paymentCurrencies: ONRAMP_FALLBACK_PAYMENT_CURRENCIES.map(withFallbackLimits),
  purchaseCurrencies: [DEFAULT_PURCHASE_CURRENCY],
}

/**
 * A quote as the kit holds it: the server's, or, when the server could not be reached or
 * failed, a mocked one that only repeats what the visitor pays: the provider prices it.
 */
export type OnrampQuote =
  | (OnrampQuoteResponse & { mocked: false })
  | {
      mocked: true
      /** What the visitor asked to pay. */
      paymentTotal: CurrencyAmount
      /** The purchase currency's id; how much of it arrives is unknown. */
      purchaseCurrency: string
      /** The network slug the quote was asked for. */
      network: string
    }

/**
 * The quote shown when the server cannot price one: what the visitor pays, and no
 * purchase amount, so the visitor can still go on to the provider, which prices it.
 */
export function mockedOnrampQuote(request: OnrampQuoteRequest): OnrampQuote {
  return {
    mocked: true,
    paymentTotal: { amount: request.amount, currency: request.paymentCurrency },
    purchaseCurrency: request.purchaseCurrency,
    network: request.network,
  }
}
