/** How long a nonce from GET /auth/v1/siwx/nonce can be used. */
export const SIWX_NONCE_TTL_MS = 10 * 60_000

/** Random bytes of a nonce: 32 hex characters, well over the 8 EIP-4361 asks. */
export const SIWX_NONCE_BYTES = 16

/** Longest a session lasts; the message's expirationTime shortens it. */
export const SIWX_SESSION_TTL_MS = 7 * 24 * 60 * 60_000

/** Random bytes of a session's bearer token. */
export const SIWX_TOKEN_BYTES = 32

/** Clocks differ: issuedAt may be this far ahead, and notBefore/expirationTime this far off. */
export const SIWX_CLOCK_SKEW_MS = 60_000

/** Requests per IP per window to the nonce and verify routes, each counted on its own. */
export const SIWX_RATE_LIMIT = { max: 30, windowMs: 60_000 }
