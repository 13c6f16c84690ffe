// Limits of the embedded wallet's logins.
import { EMAIL_LOGIN_COOLDOWN_MS } from '@latch/protocol'

/** A second code for the same email within this (30 s) is refused. */
export const OTP_COOLDOWN_MS = EMAIL_LOGIN_COOLDOWN_MS
/** How long a mailed code can be used. */
export const OTP_TTL_MS = 10 * 60_000
/** Wrong codes a code survives: the last one of these burns it, and a new code is needed. */
export const OTP_MAX_FAILED_ATTEMPTS = 5
/** How long the device-approval link in a mail works. */
export const DEVICE_APPROVAL_TTL_MS = 15 * 60_000
/** How long a social login may take between its start and the provider's redirect. */
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000
/** Default life of a session, in hours (SESSION_TTL_HOURS): a week. */
export const SESSION_TTL_HOURS = 168

/** Random bytes of session tokens, device-approval tokens and social flow secrets. */
export const TOKEN_BYTES = 32
/** Random bytes of challenge and flow ids (not secrets: they name a row). */
export const ID_BYTES = 16

/** A long poll checks the database this often: the database, not memory, is shared by instances. */
export const LONG_POLL_INTERVAL_MS = 250

/** Email login starts per address, counted in the database (every instance sees them). */
export const EMAIL_START_LIMIT = { max: 5, windowMs: 10 * 60_000 }
/** Email login starts per IP address, on this instance. */
export const EMAIL_START_IP_LIMIT = { max: 30, windowMs: 10 * 60_000 }
/** Code checks (login and email update) per IP address, on this instance. */
export const OTP_VERIFY_IP_LIMIT = { max: 60, windowMs: 10 * 60_000 }
/** Social login starts per IP address, on this instance. */
export const SOCIAL_START_IP_LIMIT = { max: 30, windowMs: 10 * 60_000 }
/** Signing calls per session, on this instance: a runaway page cannot drain the chain RPC. */
export const RPC_SESSION_LIMIT = { max: 120, windowMs: 60_000 }

/** Calls one wallet_sendCalls may carry: its id holds every hash, and ids stay short. */
export const MAX_CALLS_PER_BATCH = 32

/**
 * Types one EIP-712 request (eth_signTypedData_v4) may define: real ones (a permit, an order, a
 * mail) define under 10. Signing walks a chain of struct types one call deeper per type, and a
 * chain of 5,000 ran out of stack (a 500).
 */
export const MAX_TYPED_DATA_TYPES = 128

/**
 * How long eth_sendTransaction from a smart account waits for its user operation's receipt (the
 * transaction hash is only known then): under the frame's own wait for the wallet API.
 */
export const USER_OPERATION_WAIT_MS = 25_000
/** How often that wait asks the bundler for the receipt. */
export const USER_OPERATION_POLL_MS = 250

/** Farcaster's hosted auth relay: where channels open unless LATCH_FARCASTER_RELAY_URL says. */
export const FARCASTER_RELAY_URL = 'https://relay.farcaster.xyz'
/**
 * How long a Farcaster login may wait for the visitor's app: as long as the hosted relay keeps a
 * channel, so the server never waits on a channel the relay dropped.
 */
export const FARCASTER_FLOW_TTL_MS = 5 * 60_000
/** Farcaster login starts per IP address, on this instance. */
export const FARCASTER_START_IP_LIMIT = { max: 30, windowMs: 10 * 60_000 }
