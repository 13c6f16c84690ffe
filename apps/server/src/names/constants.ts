// Limits of the names routes that are the server's own choice.

/** Name registrations and signed updates one IP may send per minute. */
export const NAMES_WRITES_PER_MINUTE = 20
/** At most this many free variants follow the asked name in suggestions. */
export const NAME_SUGGESTION_COUNT = 5
/**
 * After a failed identity refresh (ENS did not answer) the cached identity holds only what the
 * names table says, this long, so a stale name is never served for the full 5 minutes.
 */
export const IDENTITY_FALLBACK_CACHE_MS = 5_000
