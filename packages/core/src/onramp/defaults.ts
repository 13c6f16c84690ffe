import type {
  OnrampOptionsResponse,
  OnrampPaymentCurrency,
  OnrampPurchaseCurrency,
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

/** The providers a project offers when its settings cannot be read (the server's defaults). */
export const DEFAULT_ONRAMP_PROVIDERS = ['coinbase', 'meld'] as const
