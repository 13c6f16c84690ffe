// Limits and lists both sides of the API share. No zod here: the page bundle imports this file.

/** Wallets the modal shows as recommended: the first of the list by order. */
export const RECOMMENDED_WALLETS = 4
/** Wallets per page of the all-wallets list. */
export const WALLETS_PER_PAGE = 40
/** Wallets per page when searching; also the largest page any call may ask for. */
export const WALLETS_PER_SEARCH = 100

/**
 * The `st` (SDK type) query parameter Latch's own kit sends. GET /appkit/v1/config answers it
 * Latch's own feature list; any other client gets the API's common vocabulary.
 */
export const LATCH_SDK_TYPE = 'latch'

/** Social login providers, in the default display order. */
export const SOCIAL_PROVIDERS = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
] as const
/**
 * Every social provider id: the known ones, and `dev`, the devnet's own OpenID Connect provider (a
 * server lists it only when the devnet runs; a site adds it to `features.socials` to offer it).
 */
export const ALL_SOCIAL_PROVIDERS = [...SOCIAL_PROVIDERS, 'dev'] as const
export type SocialProvider = (typeof ALL_SOCIAL_PROVIDERS)[number]

/**
 * The address that stands for a chain's native coin where a token address is expected, e.g. in
 * POST /v1/fungible/price: `eip155:1:0xeeee...eeee` is ether on Ethereum (the usual placeholder).
 */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

// On-ramp. Shared by the server's routes and the kit's views.

/**
 * On-ramp providers: Coinbase Onramp and Meld (production), and `sandbox`, the server's
 * own test-mode provider that settles on the devnet (never offered by a production server).
 */
export const ONRAMP_PROVIDERS = ['coinbase', 'meld', 'sandbox'] as const
export type OnrampProviderId = (typeof ONRAMP_PROVIDERS)[number]

/** The fee each provider charges, as the range shown to a visitor, in percent (1-2%). */
export const ONRAMP_FEE_RANGE_PERCENT: Record<OnrampProviderId, { min: number; max: number }> = {
  coinbase: { min: 1, max: 2 },
  meld: { min: 1, max: 2 },
  sandbox: { min: 1, max: 2 },
}

/** The sandbox provider's fee, in percent of the payment: inside its advertised range. */
export const ONRAMP_SANDBOX_FEE_PERCENT = 1.5

/** Ways to pay: a card, or a US bank account (ACH). */
export const ONRAMP_PAYMENT_METHODS = ['card', 'ach'] as const
export type OnrampPaymentMethod = (typeof ONRAMP_PAYMENT_METHODS)[number]

/** Fiat currencies with built-in limits, used when a provider gives none. */
export const ONRAMP_FALLBACK_PAYMENT_CURRENCIES = ['USD', 'EUR'] as const

/** Per payment method, the smallest and largest payment, in the payment currency. */
export const ONRAMP_FALLBACK_LIMITS: Record<OnrampPaymentMethod, { min: string; max: string }> = {
  card: { min: '10.00', max: '7500.00' },
  ach: { min: '10.00', max: '25000.00' },
}

/** A quote is honoured this long after it was given; the checkout then prices again. */
export const ONRAMP_QUOTE_TTL_MS = 5 * 60_000

/** An unpaid sandbox checkout expires after this long. */
export const ONRAMP_CHECKOUT_TTL_MS = 30 * 60_000

/** The sandbox provider's test payment instruments (shown on its checkout page). */
export const ONRAMP_SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const
export const ONRAMP_SANDBOX_BANK = {
  /** A valid ABA routing number (checksum) of the sandbox's test bank. */
  routingNumber: '110000000',
  succeeds: '000123456789',
  /** Debit refused for insufficient funds. */
  insufficientFunds: '000111111116',
} as const

/** How a payment method is named in messages. */
export const ONRAMP_PAYMENT_METHOD_NAMES: Record<OnrampPaymentMethod, string> = {
  card: 'card payment',
  ach: 'bank transfer',
}

/**
 * The message for an amount outside a payment method's limits: the server's 400 and the kit's
 * amount field say the same ("The minimum for a card payment is 10.00 USD").
 */
export function onrampLimitMessage(
  bound: 'min' | 'max',
  limit: string,
  currency: string,
  method: OnrampPaymentMethod,
): string {
  const which = bound === 'min' ? 'minimum' : 'maximum'
  return `The ${which} for a ${ONRAMP_PAYMENT_METHOD_NAMES[method]} is ${limit} ${currency}`
}

/** What the sandbox provider answers a refused payment with (its checkout page and the order). */
export const ONRAMP_SANDBOX_MESSAGES = {
  cardDeclined: 'Your card was declined by its issuer. Try another card.',
  insufficientFunds: 'The bank refused the debit: insufficient funds.',
  unknownCard:
    'This is a test checkout: pay with 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).',
  unknownBankAccount:
    'This is a test checkout: use routing number 110000000 and account 000123456789.',
} as const
