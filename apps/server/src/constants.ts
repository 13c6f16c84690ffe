// Time limits of the server's account-data routes.

/** Balances of one (address, chain), served from cache: 30 s, as the kit's portfolio cache. */
export const BALANCE_CACHE_MS = 30_000
/** A name and avatar of an address: 5 min, as the kit's identity cache. */
export const IDENTITY_CACHE_MS = 5 * 60_000
/** USD prices of one chain's tokens; as long as the balances they price. */
export const PRICE_CACHE_MS = 30_000
/** After a price source fails, balances go unpriced this long before it is asked again. */
export const PRICE_FAILURE_CACHE_MS = 5_000
/** A price API call gives up after this; balances then go unpriced. */
export const PRICE_API_TIMEOUT_MS = 5_000
/** Pool addresses a Uniswap V2 factory did not have yet are looked up again after this. */
export const MISSING_POOL_RECHECK_MS = 10 * 60_000
/**
 * A Redis call (cache read or write, rate-limit check) gives up after this: Redis answers in well
 * under a millisecond, so a wait this long means it is frozen or overloaded, and the server goes
 * on with its in-process cache and limit instead.
 */
export const REDIS_TIMEOUT_MS = 500

/**
 * How deep arrays and objects may nest in JSON a caller sends (a body, typed data in a string).
 * The deepest real request, EIP-712 typed data or an ERC-7715 permission request, nests under 10
 * levels; 64 leaves room for typed data of nested structs, and keeps every walk of the value
 * (zod, JSON.stringify, PostgreSQL's JSON parser) far from the call stack's end, which a body
 * 5,000 levels deep reached, failing its request with a 500.
 */
export const MAX_JSON_DEPTH = 64

/** How long one upstream RPC call may take by default. */
export const RPC_TIMEOUT_MS = 10_000
