import { ONRAMP_SANDBOX_FEE_PERCENT, type OnrampProviderId } from '@latch/protocol'

// The on-ramp's server-side values. Shared ones (limits, TTLs, test cards) are the
// protocol's.

/** Where Coinbase Onramp's buy flow starts (ONRAMP_COINBASE_URL overrides it). */
export const COINBASE_ONRAMP_URL = 'https://pay.coinbase.com/buy/select-asset'
/** Meld's widget (ONRAMP_MELD_URL overrides it). */
export const MELD_ONRAMP_URL = 'https://meldcrypto.com'

/**
 * The fee each provider's quote is priced with, in percent of the payment (1-2%). Coinbase
 * and Meld price their own checkouts; these are the server's estimate of them.
 */
export const ONRAMP_PROVIDER_FEE_PERCENT: Record<OnrampProviderId, number> = {
  coinbase: 1,
  meld: 2,
  sandbox: ONRAMP_SANDBOX_FEE_PERCENT,
}

/**
 * The price source knows USD only: a EUR amount is turned into USD at this rate (USD per EUR;
 * ONRAMP_USD_PER_EUR overrides it).
 */
export const DEFAULT_USD_PER_EUR = 1.08

/** Gas of the transfer that delivers the tokens: a plain send, and an ERC-20 `transfer`. */
export const NATIVE_TRANSFER_GAS = 21_000n
export const TOKEN_TRANSFER_GAS = 65_000n

/** At most this many decimals of a bought amount are shown and delivered. */
export const MAX_PURCHASE_DECIMALS = 8

/** Network slugs of well-known chains (Coinbase's names); other chains slug their name. */
export const NETWORK_SLUGS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  10: 'optimism',
  56: 'bnb',
  137: 'polygon',
  8453: 'base',
  42161: 'arbitrum',
}

/** Sandbox checkout payments one IP may submit a minute (ONRAMP_PAY_ATTEMPTS_PER_MINUTE). */
export const PAY_ATTEMPTS_PER_MINUTE = 20

/** How often the payout worker looks for paid orders (and retries the advisory lock). */
export const PAYOUT_POLL_MS = 1000
/** How long a payout waits for its receipt after the broadcast before the next poll looks again. */
export const PAYOUT_RECEIPT_WAIT_MS = 5000
/** The advisory lock that lets one server instance pay out at a time. */
export const PAYOUT_LOCK_NAME = 'latch-onramp-payout'

/** Fault injection for the crash tests (LATCH_FAILPOINT): the process kills itself there. */
export const FAILPOINTS = ['onramp-after-payment', 'onramp-after-broadcast'] as const
export type Failpoint = (typeof FAILPOINTS)[number]
