import { FixedWindowRateLimiter } from '../auth/rateLimiter.ts'
import { HttpError } from '../errors.ts'
import { type RedisConnection, RedisUnavailableError } from '../redis/connection.ts'

/** Login attempts per IP per window: enough for typos, far too few to guess a token. */
export const LOGIN_LIMIT = { max: 10, windowMs: 60_000 }

// One count per IP per window in Redis, so every instance behind a balancer shares it: the first
// attempt of a window sets its expiry. Returns the count and the milliseconds left in the window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }
`

const tooMany = (limit: typeof LOGIN_LIMIT, retryMs: number) =>
  new HttpError(
    429,
    `Too many login attempts: at most ${limit.max} per ${limit.windowMs / 1000} s; retry in ${Math.max(1, Math.ceil(retryMs / 1000))} s`,
  )

/**
 * Counts the dashboard's login attempts per IP, shared through Redis when the server has it; while
 * Redis cannot answer, each instance counts in its own memory at the same limit.
 */
export class LoginLimiter {
  readonly #redis: RedisConnection | undefined
  readonly #limit: typeof LOGIN_LIMIT
  readonly #fallback: FixedWindowRateLimiter

  constructor(redis: RedisConnection | undefined, limit = LOGIN_LIMIT) {
    this.#redis = redis
    this.#limit = limit
    this.#fallback = new FixedWindowRateLimiter(limit)
  }

  /** Counts one attempt from `ip`; throws 429 past the limit. */
  async hit(ip: string): Promise<void> {
    if (this.#redis) {
      try {
        const [count, ttl] = (await this.#redis.run((client) =>
          client.eval(HIT_SCRIPT, {
            keys: [`latch:dashboard-login:${ip}`],
            arguments: [String(this.#limit.windowMs)],
          }),
        )) as [number, number]
        if (Number(count) > this.#limit.max) throw tooMany(this.#limit, Number(ttl))
        return
      } catch (error) {
        if (!(error instanceof RedisUnavailableError)) throw error
      }
    }
    this.#fallback.hit(ip)
  }
}
