/** Port `startDevnet` runs the WalletConnect relay on unless told otherwise. */
export const DEFAULT_RELAY_PORT = 8547

/** The projectId the devnet manifest names; the dev relay accepts any non-empty one. */
export const DEV_PROJECT_ID = 'latch-dev'

/**
 * Tags the relay stamps on what it derives from `wc_proposeSession` / `wc_approveSession`, as
 * @walletconnect/sign-client 2.21.8 names them in ENGINE_RPC_OPTS (wc_sessionPropose.req / .res,
 * wc_sessionSettle.req).
 */
export const SESSION_PROPOSE_REQUEST_TAG = 1100
export const SESSION_PROPOSE_RESPONSE_TAG = 1101
export const SESSION_SETTLE_REQUEST_TAG = 1102

/** publishCustom's default ttl in @walletconnect/core 2.21.8 (FIVE_MINUTES), for a call without one. */
export const DEFAULT_TTL_SECONDS = 300

/** Limits that keep one dev relay's memory bounded whatever its clients send. */
export const RELAY_LIMITS = {
  /** Longest `message` (base64 text) accepted in a publish. */
  maxMessageBytes: 1024 * 1024,
  /** Largest WebSocket frame; a batch publish carries several messages. */
  maxFrameBytes: 8 * 1024 * 1024,
  /** Messages kept per topic; the oldest goes first. */
  maxMessagesPerTopic: 200,
  /** Messages kept in all; the oldest goes first. */
  maxMessages: 20_000,
  /** A longer ttl is cut to this (30 days: the longest WalletConnect asks for). */
  maxTtlSeconds: 30 * 24 * 60 * 60,
  /** Topics one connection may subscribe to (core batches 500 at a time). */
  maxTopicsPerConnection: 10_000,
  /** Topics one batch call may name. */
  maxTopicsPerRequest: 1_000,
  /** Longest topic string. */
  maxTopicLength: 256,
} as const

export type RelayLimits = typeof RELAY_LIMITS

/**
 * How often the relay pings each socket. @walletconnect/core terminates a Node socket that saw no
 * ping for 35 s (Relayer.heartBeatTimeout), so this stays well under that.
 */
export const PING_INTERVAL_MS = 15_000

/** How often expired messages are dropped. */
export const PRUNE_INTERVAL_MS = 10_000
