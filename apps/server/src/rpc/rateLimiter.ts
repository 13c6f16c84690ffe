import type { FastifyBaseLogger } from 'fastify'
import { type RedisConnection, RedisUnavailableError } from '../redis/connection.ts'

/** Calls per second per key; `take` answers 0 when allowed, else the whole seconds to wait. */
export interface RateLimiter {
  readonly callsPerSecond: number
  take(key: string, calls: number): number | Promise<number>
  close(): Promise<void>
}

/** The window the limit holds over: at most `callsPerSecond` calls in any one second. */
const WINDOW_MS = 1000

/**
 * How long admitted calls count against the limit: one second, or as many seconds as a batch
 * larger than a second's worth would take at the rate, so such a batch (which passes only into an
 * empty window) is paid for before the next call passes.
 */
export const countedForMs = (calls: number, callsPerSecond: number): number =>
  Math.max(1, calls / callsPerSecond) * WINDOW_MS

type Admitted = { leavesAt: number; calls: number }

/**
 * A sliding window per key, in memory: the calls admitted in the last second are kept with the
 * time each leaves the window, and a new call passes only while they add up to less than a
 * second's worth. Unlike a token bucket, no second ever lets more than the rate through (a full
 * bucket plus its refill let twice the rate pass in the first second).
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly callsPerSecond: number
  readonly #windows = new Map<string, { admitted: Admitted[]; used: number }>()

  constructor(callsPerSecond: number) {
    this.callsPerSecond = callsPerSecond
  }

  /** Takes `calls` for `key`: 0 when allowed, else the whole seconds to wait (Retry-After). */
  take(key: string, calls: number, now = performance.now()): number {
    let window = this.#windows.get(key)
    if (!window) {
      window = { admitted: [], used: 0 }
      this.#windows.set(key, window)
    }
    let expired = 0
    while (expired < window.admitted.length && (window.admitted[expired]?.leavesAt ?? 0) <= now) {
      window.used -= window.admitted[expired]?.calls ?? 0
      expired++
    }
    if (expired > 0) window.admitted.splice(0, expired)
    const fits =
      window.used + calls <= this.callsPerSecond ||
      (window.used === 0 && calls > this.callsPerSecond)
    if (!fits) {
      const next = window.admitted[0]?.leavesAt ?? now
      return Math.max(1, Math.ceil((next - now) / 1000))
    }
    // Entries leave in the order they came: a batch counted longer than a second is admitted only
    // into an empty window, and nothing else is admitted while it counts.
    window.admitted.push({ leavesAt: now + countedForMs(calls, this.callsPerSecond), calls })
    window.used += calls
    return 0
  }

  async close(): Promise<void> {}
}

// The same sliding window, kept in Redis and updated atomically, with Redis's clock: every server
// instance sharing the Redis shares each project's allowance. KEYS[1] is a sorted set of admitted
// calls scored by when they leave the window (member "<seq>:<calls>"); KEYS[2] a hash of their sum
// and a sequence for unique members. Both keys share a hash tag, so a cluster keeps them together.
const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local calls = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local used = tonumber(redis.call('HGET', KEYS[2], 'used')) or 0
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
for _, member in ipairs(expired) do
  used = used - tonumber(string.match(member, ':(%d+)$'))
end
if #expired > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now) end
if used < 0 then used = 0 end
if not (used + calls <= rate or (used == 0 and calls > rate)) then
  redis.call('HSET', KEYS[2], 'used', used)
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local leaves = tonumber(first[2]) or now
  return math.max(1, math.ceil((leaves - now) / 1000))
end
local seq = redis.call('HINCRBY', KEYS[2], 'seq', 1)
local countedMs = math.max(1, calls / rate) * 1000
redis.call('ZADD', KEYS[1], now + countedMs, seq .. ':' .. calls)
redis.call('HSET', KEYS[2], 'used', used + calls)
redis.call('PEXPIRE', KEYS[1], math.ceil(countedMs) + 1000)
redis.call('PEXPIRE', KEYS[2], math.ceil(countedMs) + 1000)
return 0
`

/**
 * The limit shared through Redis by every instance. While Redis cannot answer (down, frozen,
 * not connected yet) each instance limits on its own, in memory, at the same rate: calls keep
 * being answered, the limit then holds per instance instead of across them.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly callsPerSecond: number
  readonly #redis: RedisConnection
  readonly #fallback: MemoryRateLimiter
  readonly #log: FastifyBaseLogger
  #fallingBack = false

  constructor(redis: RedisConnection, callsPerSecond: number, log: FastifyBaseLogger) {
    this.#redis = redis
    this.callsPerSecond = callsPerSecond
    this.#fallback = new MemoryRateLimiter(callsPerSecond)
    this.#log = log
  }

  async take(key: string, calls: number): Promise<number> {
    try {
      const wait = await this.#redis.run((client) =>
        client.eval(TAKE_SCRIPT, {
          keys: [`latch:rpc-rate:{${key}}:admitted`, `latch:rpc-rate:{${key}}:used`],
          arguments: [String(this.callsPerSecond), String(calls)],
        }),
      )
      if (this.#fallingBack) {
        this.#fallingBack = false
        this.#log.info('gateway rate limit shared through Redis again')
      }
      return Number(wait)
    } catch (error) {
      if (!(error instanceof RedisUnavailableError)) throw error
      if (!this.#fallingBack) {
        this.#fallingBack = true
        this.#log.warn('Redis unavailable: the gateway rate limit holds per instance meanwhile')
      }
      return this.#fallback.take(key, calls)
    }
  }

  async close(): Promise<void> {}
}

/** Redis when the server has a connection to it (REDIS_URL), else in this process's memory. */
export function createRateLimiter(
  redis: RedisConnection | undefined,
  callsPerSecond: number,
  log: FastifyBaseLogger,
): RateLimiter {
  return redis
    ? new RedisRateLimiter(redis, callsPerSecond, log)
    : new MemoryRateLimiter(callsPerSecond)
}
