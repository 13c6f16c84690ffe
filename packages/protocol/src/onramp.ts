import { z } from 'zod'
import { clientQuery } from './api.ts'
import { isCaipAddress, parseCaipAddress } from './caip.ts'
import { ONRAMP_PAYMENT_METHODS, ONRAMP_PROVIDERS } from './constants.ts'
import { EVM_CHECKSUM_MESSAGE, evmAddressProblem } from './evmAddress.ts'
import { LOCALES } from './i18n/locales.ts'
import { isSolanaAddress } from './solanaAddress.ts'
import { text } from './text.ts'

// The on-ramp routes. Amounts cross the wire as decimal strings in whole
// units (fiat: at most 2 decimals), never as floats.

export { onrampPaymentMethod, onrampProviderId } from './answers/onramp.ts'

// The same choices as the answers' schemas, in zod's full build for the requests' defaults.
const providerChoice = z.enum(ONRAMP_PROVIDERS)
const paymentMethodChoice = z.enum(ONRAMP_PAYMENT_METHODS)

/** A fiat amount: digits, at most 2 decimals ("50", "49.25"). */
export const fiatAmount = text().regex(
  /^\d{1,9}(\.\d{1,2})?$/,
  'amount is a number of at most 2 decimals, such as 50 or 49.25',
)

export { type CurrencyAmount, currencyAmount } from './answers/onramp.ts'

// GET /v1/onramp/options

export {
  type OnrampNetwork,
  type OnrampOptionsResponse,
  type OnrampPaymentCurrency,
  type OnrampPaymentMethodLimit,
  type OnrampPurchaseCurrency,
  onrampNetwork,
  onrampOptionsResponse,
  onrampPaymentCurrency,
  onrampPaymentMethodLimit,
  onrampPurchaseCurrency,
} from './answers/onramp.ts'

// POST /v1/onramp/quote

export const onrampQuoteRequest = z.object({
  /** A purchase currency's id from the options (USDC). */
  purchaseCurrency: text().min(1).max(32),
  /** A payment currency's id from the options (USD). */
  paymentCurrency: text().min(1).max(8),
  /** What the visitor pays, in the payment currency. */
  amount: fiatAmount,
  /** A network's `name` from the purchase currency's networks (latch-devnet). */
  network: text().min(1).max(64),
  paymentMethod: paymentMethodChoice.default('card'),
  /** Whose fee prices the quote; the first provider the server offers by default. */
  provider: providerChoice.optional(),
})
export type OnrampQuoteRequest = z.input<typeof onrampQuoteRequest>

export { type OnrampQuoteResponse, onrampQuoteResponse } from './answers/onramp.ts'

// POST /v1/generators/onrampurl

export const onrampDestinationWallet = z.object({
  /**
   * An EVM address (0x + 40 hex, in one case or its EIP-55 checksum's) or a Solana one (base58 of
   * a 32-byte key), plain or as a CAIP-10 id (`eip155:1:0x...`, `solana:<genesis>:<address>`);
   * the order keeps the plain address. The purchase is paid to it: a typo loses it.
   */
  address: text()
    .transform((value) => (isCaipAddress(value) ? parseCaipAddress(value).address : value))
    .pipe(
      z
        .string()
        .refine(
          (value) =>
            value.startsWith('0x') ? evmAddressProblem(value) !== 'format' : isSolanaAddress(value),
          'address is an EVM or a Solana address, plain or CAIP-10',
        )
        .refine(
          (value) => !value.startsWith('0x') || evmAddressProblem(value) !== 'checksum',
          EVM_CHECKSUM_MESSAGE,
        ),
    ),
  /** Network slugs the wallet takes (ethereum, latch-devnet). */
  blockchains: z.array(text().min(1).max(64)).max(20).optional(),
  /** Currency ids the wallet takes (USDC, ETH). */
  assets: z.array(text().min(1).max(32)).max(20).optional(),
})
export type OnrampDestinationWallet = z.infer<typeof onrampDestinationWallet>

export const onrampUrlRequest = z.object({
  destinationWallets: z.array(onrampDestinationWallet).min(1).max(5),
  /** A network slug (latch-devnet); for Meld, `solana` asks for SOL. */
  defaultNetwork: text().min(1).max(64).optional(),
  /** The site's id of its visitor, at most 49 characters (Coinbase's limit). */
  partnerUserId: text().min(1).max(49).optional(),
  defaultExperience: z.enum(['buy', 'send']).default('buy'),
  presetCryptoAmount: z.number().positive().optional(),
  presetFiatAmount: z.number().positive().optional(),
  provider: providerChoice.default('coinbase'),
  /** A quote from POST /v1/onramp/quote: the sandbox charges exactly it while it is valid. */
  quoteId: text().uuid().optional(),
  /** The payment currency for a sandbox order without a quote (USD by default). */
  paymentCurrency: text().min(1).max(8).optional(),
  /** The language the kit speaks: the sandbox's checkout page speaks it too. */
  locale: z.enum(LOCALES, `locale is one of ${LOCALES.join(', ')}`).optional(),
})
export type OnrampUrlRequest = z.input<typeof onrampUrlRequest>

export { type OnrampUrlResponse, onrampUrlResponse } from './answers/onramp.ts'

// GET /v1/onramp/orders/{orderId}

export { type OnrampOrderStatus, onrampOrderStatus } from './answers/onramp.ts'

export const onrampOrderParams = z.object({
  orderId: text().uuid('orderId is not an order id'),
})

export { type OnrampOrder, onrampOrder } from './answers/onramp.ts'

export const onrampQuery = clientQuery
