/**
 * The history indexer: whether this instance runs it, how often it polls each chain, and how
 * many recent blocks it re-checks for a reorg on every poll.
 */
export type IndexerConfig = { enabled: boolean; pollMs: number; confirmations: number }
