/**
 * How long a sponsorship signature is good for, and so how long its reservation holds the
 * project's budget (until it lands, its nonce goes to another operation, or this passes). The
 * paymaster is asked last, once the operation's gas is known, and the operation is signed and
 * sent right after: bundlers include it within a few blocks. Two minutes leaves room for a slow
 * bundler and a chain whose clock runs a little behind, while an operation that is never sent
 * gives its budget back within two minutes rather than ten.
 */
export const SPONSORSHIP_VALIDITY_SECONDS = 120

/**
 * The share of a project's budget one client (an IP address, an IPv6 /64, an embedded wallet's
 * user) may hold in open reservations, in percent: the default of a policy's
 * `clientSharePercent`. A client that asks for sponsorships it never sends locks at most this
 * much, for at most SPONSORSHIP_VALIDITY_SECONDS, and the other nine tenths stay for everyone
 * else; a real visitor holds one reservation at a time, for the seconds until it lands, so ten
 * percent is room for many visitors behind one NAT. A budget should cover ten or more of its
 * largest operations, or no client can reserve one.
 */
export const SPONSORSHIP_CLIENT_SHARE_PERCENT = 10

/**
 * A reservation whose window ended this long ago, and whose operation was not seen on the chain,
 * is released: the EntryPoint refuses it from the end of its window (AA32), and this leaves a
 * chain whose clock runs behind the server's a minute to include it.
 */
export const SPONSORSHIP_RELEASE_GRACE_MS = 60_000

/**
 * The paymaster's verification gas: LatchPaymaster's check (EIP-712 hash of the operation,
 * one ecrecover, one cold read of its signer) measured 13,000 gas for a 260-byte call and 25,400
 * for 29 KB on the devnet, about 0.45 gas a byte hashed; the limit also covers the EntryPoint's
 * encoding of the call. Twice that and more: EntryPoint v0.8 charges nothing for this limit
 * unused, but it counts in the most an operation can cost, which the budget reserves.
 */
export const PAYMASTER_VERIFICATION_GAS_BASE = 40_000n
export const PAYMASTER_VERIFICATION_GAS_PER_BYTE = 1n

/** How often each server instance looks for sponsored operations that landed. */
export const SPONSORSHIP_SETTLE_POLL_MS = 1_000

/** Most reservations of one chain looked for on the chain in one query. */
export const SPONSORSHIP_SETTLE_BATCH = 200
