import { z } from 'zod'
import { clientQuery } from './api.ts'
import { isCaipAddress, parseCaipAddress } from './caip.ts'
import { caipNetworkId } from './caipSchemas.ts'
import { ONRAMP_PAYMENT_METHODS, ONRAMP_PROVIDERS } from './constants.ts'
import { EVM_CHECKSUM_MESSAGE, evmAddressProblem } from './evmAddress.ts'
import { LOCALES } from './i18n/locales.ts'
import { isSolanaAddress } from './solanaAddress.ts'
import { text } from './text.ts'

// The on-ramp routes. Amounts cross the wire as decimal strings in whole
// units (fiat: at most 2 decimals), never as floats.

export const onrampProviderId = z.enum(ONRAMP_PROVIDERS)
export const onrampPaymentMethod = z.enum(ONRAMP_PAYMENT_METHODS)

/** A fiat amount: digits, at most 2 decimals ("50", "49.25"). */
export const fiatAmount = text().regex(
  /^\d{1,9}(\.\d{1,2})?$/,
  'amount is a number of at most 2 decimals, such as 50 or 49.25',
)

/** An amount with its currency, as every quote field is given. */
export const currencyAmount = z.object({
  amount: z.string().describe('Whole units as a decimal string'),
  currency: z.string().describe('A fiat code (USD) or a token symbol (USDC)'),
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

export const onrampQuoteRequest = z.object({
  /** A purchase currency's id from the options (USDC). */
  purchaseCurrency: text().min(1).max(32),
  /** A payment currency's id from the options (USD). */
  paymentCurrency: text().min(1).max(8),
  /** What the visitor pays, in the payment currency. */
  amount: fiatAmount,
  /** A network's `name` from the purchase currency's networks (latch-devnet). */
  network: text().min(1).max(64),
  paymentMethod: onrampPaymentMethod.default('card'),
  /** Whose fee prices the quote; the first provider the server offers by default. */
  provider: onrampProviderId.optional(),
})
export type OnrampQuoteRequest = z.input<typeof onrampQuoteRequest>

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
  provider: onrampProviderId.default('coinbase'),
  /** A quote from POST /v1/onramp/quote: the sandbox charges exactly it while it is valid. */
  quoteId: text().uuid().optional(),
  /** The payment currency for a sandbox order without a quote (USD by default). */
  paymentCurrency: text().min(1).max(8).optional(),
  /** The language the kit speaks: the sandbox's checkout page speaks it too. */
  locale: z.enum(LOCALES, `locale is one of ${LOCALES.join(', ')}`).optional(),
})
export type OnrampUrlRequest = z.input<typeof onrampUrlRequest>

export const onrampUrlResponse = z.object({
  url: z.string().url(),
  /** The sandbox's order: poll GET /v1/onramp/orders/{orderId} for its status. */
  orderId: z.string().uuid().optional(),
})
export type OnrampUrlResponse = z.infer<typeof onrampUrlResponse>

// GET /v1/onramp/orders/{orderId}

/**
 * An order's life: `created` (checkout open, nothing paid), `pending` (paid; the tokens are on
 * their way), then `completed` (with the transfer's hash) or `failed` (with a reason).
 */
export const onrampOrderStatus = z.enum(['created', 'pending', 'completed', 'failed'])
export type OnrampOrderStatus = z.infer<typeof onrampOrderStatus>

export const onrampOrderParams = z.object({
  orderId: text().uuid('orderId is not an order id'),
})

export const onrampOrder = z.object({
  orderId: z.string().uuid(),
  provider: onrampProviderId,
  status: onrampOrderStatus,
  paymentTotal: currencyAmount,
  purchaseAmount: currencyAmount,
  /** How it was paid; absent until it was. */
  paymentMethod: onrampPaymentMethod.optional(),
  network: caipNetworkId,
  /** Where the tokens go (checksummed). */
  address: z.string(),
  /** The transfer's hash, once signed. */
  txHash: z.string().optional(),
  /** Why a `failed` order failed. */
  failureReason: z.string().optional(),
  /** The provider's message for the last refused payment (a declined card); the order stays open. */
  paymentError: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type OnrampOrder = z.infer<typeof onrampOrder>

export const onrampQuery = clientQuery
