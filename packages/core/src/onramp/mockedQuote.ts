import type { OnrampQuoteRequest } from '@latch/protocol'
import type { OnrampQuote } from './types.ts'

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
