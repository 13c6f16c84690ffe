import type { FastifyBaseLogger } from 'fastify'
import { type RedisConnection, RedisUnavailableError } from '../redis/connection.ts'
import { FixedWindowRateLimiter, tooManyRequests } from './rateLimiter.ts'

// One fixed window per key in Redis, counted atomically with Redis's clock: INCR, the window's
// expiry set by the first hit, and what is left of it (a key left without expiry gets one).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`

/**
 * A per-key limit of `max` a window (per IP, as a rule) that every server instance on one Redis
 * shares: a visitor spreading requests over instances behind a balancer gets no more. While Redis
 * cannot answer, each instance counts in its own memory at the same limit, so requests are still
 * answered and still limited, per instance. Without Redis, memory only.
 */
export class SharedRateLimiter {
  readonly #name: string
  readonly #max: number
  readonly #windowMs: number
  readonly #counted: string | undefined
  readonly #redis: RedisConnection | undefined
  readonly #fallback: FixedWindowRateLimiter
  readonly #log: Pick<FastifyBaseLogger, 'warn'> | undefined
  #warned = false

  constructor(options: {
    /** Names the limit's keys in Redis: limits of different routes never meet. */
    name: string
    max: number
    windowMs: number
    /** What the 429 says is counted: 'requests' unless named ('login attempts'). */
    counted?: string
    redis: RedisConnection | undefined
    log?: Pick<FastifyBaseLogger, 'warn'>
  }) {
    this.#name = options.name
    this.#max = options.max
    this.#windowMs = options.windowMs
    this.#counted = options.counted
    this.#redis = options.redis
    this.#fallback = new FixedWindowRateLimiter(options)
    this.#log = options.log
  }

  /** Counts one request of `key`; throws 429 past the limit of its window. */
  async hit(key: string): Promise<void> {
    if (!this.#redis) return this.#fallback.hit(key)
    let counted: [number, number]
    try {
      counted = (await this.#redis.run((client) =>
        client.eval(HIT_SCRIPT, {
          keys: [`latch:limit:${this.#name}:${key}`],
          arguments: [String(this.#windowMs)],
        }),
      )) as [number, number]
      this.#warned = false
    } catch (error) {
      if (!(error instanceof RedisUnavailableError)) throw error
      if (!this.#warned) {
        this.#warned = true
        this.#log?.warn(`Redis unavailable: the ${this.#name} limit holds per instance meanwhile`)
      }
      return this.#fallback.hit(key)
    }
    const [count, ttlMs] = counted.map(Number) as [number, number]
    if (count > this.#max)
      throw tooManyRequests(
        this.#max,
        this.#windowMs,
        Math.max(1, Math.ceil(ttlMs / 1000)),
        this.#counted,
      )
  }
}
