/**
 * How long a sponsorship signature is good for: long enough for a visitor to approve the
 * operation after it was prepared; its reservation holds the project's budget until it lands,
 * its nonce goes to another operation, or this passes.
 */
export const SPONSORSHIP_VALIDITY_SECONDS = 600

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
