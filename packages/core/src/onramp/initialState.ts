import { DEFAULT_PAYMENT_CURRENCY, DEFAULT_PURCHASE_CURRENCY } from '../api/onrampFallbacks.ts'
import type { OnrampState } from './types.ts'

/** The on-ramp before a visitor chose anything: `providers`, USDC for USD by card, no amount. */
export const initialOnrampState = (providers: OnrampState['providers']): OnrampState => ({
  providers,
  selectedProvider: undefined,
  error: undefined,
  purchaseCurrency: DEFAULT_PURCHASE_CURRENCY,
  paymentCurrency: DEFAULT_PAYMENT_CURRENCY,
  purchaseCurrencies: [DEFAULT_PURCHASE_CURRENCY],
  paymentCurrencies: [DEFAULT_PAYMENT_CURRENCY],
  currenciesStatus: 'idle',
  quotesLoading: false,
  paymentAmount: undefined,
  purchaseAmount: undefined,
  paymentMethod: 'card',
  amountIssue: undefined,
  quote: undefined,
  checkout: undefined,
  order: undefined,
})
