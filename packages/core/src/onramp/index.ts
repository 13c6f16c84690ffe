// The zod-free limits and messages of the contract, for the views.
export {
  ONRAMP_FEE_RANGE_PERCENT,
  ONRAMP_PAYMENT_METHOD_NAMES,
  ONRAMP_PAYMENT_METHODS,
  ONRAMP_PROVIDERS,
  type OnrampPaymentMethod,
  type OnrampProviderId,
  onrampLimitMessage,
} from '@latch/protocol/constants'
// The client's stand-ins for the server's on-ramp answers, which the on-ramp starts from too.
export {
  DEFAULT_PAYMENT_CURRENCY,
  DEFAULT_PURCHASE_CURRENCY,
  FALLBACK_ONRAMP_OPTIONS,
  mockedOnrampQuote,
  type OnrampQuote,
} from '../api/onrampFallbacks.ts'
export { INVALID_FIAT_AMOUNT, onrampAmountIssue, paymentLimits } from './amountIssue.ts'
export { formatFiatAmount, formatOnrampAmount } from './createCheckout.ts'
export { createOnramp, type OnrampController, type OnrampDeps } from './createOnramp.ts'
export { DEFAULT_ONRAMP_PROVIDERS } from './defaults.ts'
export {
  ONRAMP_NAMESPACES,
  ONRAMP_NO_AMOUNT,
  ONRAMP_NO_PROVIDER,
  ONRAMP_NOT_CONNECTED,
  ONRAMP_POPUP_BLOCKED,
  ONRAMP_PURCHASE_FAILED,
} from './errors.ts'
export { knownProviders, ONRAMP_PROVIDER_INFO } from './providers.ts'
export { preferredPurchaseCurrency, purchaseNetwork } from './purchaseNetwork.ts'
export type * from './types.ts'
export { onrampUrlRequest } from './urlRequest.ts'
