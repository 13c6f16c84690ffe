/** The JSON-RPC gateway (`POST /v1`): per-upstream-call timeout, calls per second per project. */
export type RpcConfig = { timeoutMs: number; rateLimitPerSecond: number }
