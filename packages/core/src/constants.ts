import { LATCH_SDK_TYPE, SOCIAL_PROVIDERS, type SocialProvider } from '@latch/protocol/constants'
import type { ConnectMethod, Features, ThemeMode } from './siteTypes.ts'

/** The sdk type and version the kit adds to every server call (`st`, `sv` query parameters). */
export const SDK_TYPE = LATCH_SDK_TYPE
export const SDK_VERSION = '0.1.0'

// Modal

/** Animation durations of the modal, in ms: 120, then 150 and 150. */
export const ANIMATION_DURATIONS_MS = [120, 150, 150] as const
/** How long the modal shakes on an error. */
export const SHAKE_DURATION_MS = 500
/** Modal width in px. */
export const MODAL_WIDTH_PX = 360
/** The tabs the Account view shows; NFTs only to an EVM account (the server lists EVM NFTs). */
export const ACCOUNT_TABS = ['Tokens', 'NFTs', 'Activity'] as const
/** themeMode when none is given. */
export const DEFAULT_THEME_MODE: ThemeMode = 'dark'

// Features

/** Social providers when none are given, in display order. */
export const DEFAULT_SOCIALS: readonly SocialProvider[] = SOCIAL_PROVIDERS
/** Connect-method order when none is given: email, then social, then wallets. */
export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']
/** Features enabled when none are given: receive, send, swaps, onramp, activity, email, socials. */
export const DEFAULT_FEATURES: Readonly<Features> = {
  receive: true,
  send: true,
  swaps: true,
  onramp: true,
  activity: true,
  email: true,
  socials: DEFAULT_SOCIALS,
}

// Timings

/** Delay between closing an open snackbar and showing the next, so the old one animates out. */
export const SNACKBAR_RESHOW_DELAY_MS = 150
/** Delay before the auth connector resyncs after going back from ConnectingFarcaster. */
export const GO_BACK_CLEANUP_DELAY_MS = 100

// Caches

export const PORTFOLIO_CACHE_MS = 30_000
export const NATIVE_BALANCE_CACHE_MS = 30_000
export const ENS_NAME_CACHE_MS = 5 * 60_000
export const IDENTITY_CACHE_MS = 5 * 60_000
/** After a failed balance fetch, no retry within this: an empty list meanwhile. */
export const BALANCE_RETRY_GUARD_MS = 30_000

// Limits

/** Recent wallets kept, most recent first. */
export const RECENT_WALLETS_MAX = 2
/** Pending transactions kept; the oldest is dropped beyond it. */
export const PENDING_TRANSACTIONS_LIMIT = 99

// WalletConnect

/** A WalletConnect pairing URI is valid this long after it is made. */
export const PAIRING_EXPIRY_MS = 4 * 60_000
/** A pairing counts as expired this long before its expiry: a QR is never shown about to lapse. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000
/** Gap between connection retries. */
export const RETRY_GAP_MS = 1000
/** The relay a site uses when it names none: WalletConnect's public one. */
export const DEFAULT_WALLETCONNECT_RELAY_URL = 'wss://relay.walletconnect.org'
/** How long a wallet image preload may race before the view renders without it. */
export const IMAGE_PRELOAD_RACE_MS = 2000

// RPC: a call times out after 10 s; calls of one tick go as one batch of at most 1000

export const RPC_TIMEOUT_MS = 10_000
export const RPC_BATCH_SIZE = 1000

// Wallet frame: the protocol's numbers, so the kit and the frame cannot drift apart.

// EMAIL_LOGIN_COOLDOWN_MS: a second email login within 30 s of the last is blocked.
export {
  EMAIL_LOGIN_COOLDOWN_MS,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  FRAME_REQUEST_TIMEOUT_MS,
  FRAME_SIGN_OUT_TIMEOUT_MS,
  OTP_LENGTH,
  RPC_NOT_ALLOWED_DELAY_MS,
} from '@latch/protocol/frame'
export const FRAME_SDK_VERSION = 4
export const FRAME_LOG_LEVEL = 'error'
/** Size of the frame's log buffer, about 1,024,000 bytes. */
export const FRAME_LOG_BUFFER_BYTES = 1_024_000
/** How often the kit checks whether the visitor closed the social login popup. */
export const SOCIAL_POPUP_POLL_MS = 500
/**
 * A closed popup counts as a cancelled login only after this: the provider's callback page closes
 * itself once the server has the result, which reaches the kit a moment later.
 */
export const SOCIAL_POPUP_CLOSED_GRACE_MS = 2000
/** The social login popup: its window name and size. */
export const SOCIAL_POPUP_NAME = 'latch-social'
export const SOCIAL_POPUP_FEATURES = 'width=500,height=640'

// Wallet lists: recommended wallets per fetch, wallets per page and per search

export {
  RECOMMENDED_WALLETS as WALLETS_RECOMMENDED_COUNT,
  WALLETS_PER_PAGE,
  WALLETS_PER_SEARCH,
} from '@latch/protocol/constants'

// Amounts

/** Swap slippage tolerance, in percent. */
export const SWAP_SLIPPAGE_TOLERANCE = 1
/** Balances are shown truncated to this many decimals. */
export const BALANCE_DECIMALS = 3
/** Token totals are shown with this many decimals. */
export const TOKEN_TOTAL_DECIMALS = 2
// ONRAMP_FALLBACK_LIMITS: per payment method, in USD and EUR; one definition with the server's.
export { ONRAMP_FALLBACK_LIMITS } from '@latch/protocol/constants'

// Retries and telemetry

export const QUERY_RETRY_ATTEMPTS = 3
/** First retry delay; each next one doubles, up to QUERY_RETRY_MAX_DELAY_MS. */
export const QUERY_RETRY_BASE_DELAY_MS = 1000
export const QUERY_RETRY_MAX_DELAY_MS = 30_000
/** At most this many error telemetry events per window, so a failure loop cannot flood it. */
export const ERROR_TELEMETRY_MAX_EVENTS = 5
export const ERROR_TELEMETRY_WINDOW_MS = 60_000

// Swap (timings of the Swap view's quotes)

/** Typing pauses this long before a quote is asked for, so a burst of keys asks once. */
export const QUOTE_DEBOUNCE_MS = 300
/** A quote older than this is fetched again before anything is signed. */
export const QUOTE_REFRESH_MS = 15_000

// On-ramp (timings of the on-ramp views)

/** How often a sandbox order is asked for while the visitor pays and the tokens travel. */
export const ONRAMP_ORDER_POLL_MS = 1000
/** How often the kit checks whether the visitor closed the provider's window. */
export const ONRAMP_POPUP_POLL_MS = 500
/** The provider's window: its name and size. */
export const ONRAMP_POPUP_NAME = 'latch-onramp'
export const ONRAMP_POPUP_FEATURES = 'width=460,height=720'
/** Amounts a visitor picks with one click in the OnRampBuy view, in the payment currency. */
export const ONRAMP_AMOUNT_PRESETS = ['50', '100', '250'] as const

/**
 * A transaction the kit saw mined can be missing from the server's history for a moment (its
 * indexer polls the chain). While Activity is on screen and such a transaction is missing, the
 * first page is asked for again this often, for at most HISTORY_CATCH_UP_LIMIT_MS.
 */
export const HISTORY_CATCH_UP_MS = 1000
export const HISTORY_CATCH_UP_LIMIT_MS = 30_000
