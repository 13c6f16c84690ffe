import { createClient } from 'redis'

type Bucket = { tokens: number; updatedAt: number }

/** Calls per second per key; `take` answers 0 when allowed, else the whole seconds to wait. */
export interface RateLimiter {
  readonly callsPerSecond: number
  take(key: string, calls: number): number | Promise<number>
  close(): Promise<void>
}

/**
 * Per-project token buckets in memory: `callsPerSecond` tokens refill each second, up to one
 * second's worth. A batch takes one token per call; a batch larger than a second's worth passes
 * on a full bucket and leaves it in debt, so it is paid for before the next call passes.
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly callsPerSecond: number
  readonly #buckets = new Map<string, Bucket>()

  constructor(callsPerSecond: number) {
    this.callsPerSecond = callsPerSecond
  }

  /** Takes `calls` tokens for `key`: 0 when allowed, else the whole seconds to wait (Retry-After). */
  take(key: string, calls: number, now = performance.now()): number {
    const rate = this.callsPerSecond
    let bucket = this.#buckets.get(key)
    if (bucket) {
      bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate)
      bucket.updatedAt = now
    } else {
      bucket = { tokens: rate, updatedAt: now }
      this.#buckets.set(key, bucket)
    }
    const needed = Math.min(calls, rate)
    if (bucket.tokens >= needed) {
      bucket.tokens -= calls
      return 0
    }
    return Math.max(1, Math.ceil((needed - bucket.tokens) / rate))
  }

  async close(): Promise<void> {}
}

// The same token bucket, kept in Redis and updated atomically, with Redis's clock: every server
// instance sharing the Redis shares each project's allowance.
const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local calls = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or rate
local at = tonumber(bucket[2]) or now
tokens = math.min(rate, tokens + ((now - at) / 1000) * rate)
local needed = math.min(calls, rate)
local wait = 0
if tokens >= needed then
  tokens = tokens - calls
else
  wait = math.max(1, math.ceil((needed - tokens) / rate))
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], 60000)
return wait
`

/** The two commands the limiter needs of a Redis client. */
type RedisScripting = {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
  quit(): Promise<unknown>
}

export class RedisRateLimiter implements RateLimiter {
  readonly callsPerSecond: number
  readonly #client: RedisScripting

  private constructor(client: RedisScripting, callsPerSecond: number) {
    this.#client = client
    this.callsPerSecond = callsPerSecond
  }

  static async connect(url: string, callsPerSecond: number): Promise<RedisRateLimiter> {
    const client = createClient({ url })
    await client.connect()
    return new RedisRateLimiter(client as unknown as RedisScripting, callsPerSecond)
  }

  async take(key: string, calls: number): Promise<number> {
    const wait = await this.#client.eval(TAKE_SCRIPT, {
      keys: [`latch:rpc-rate:${key}`],
      arguments: [String(this.callsPerSecond), String(calls)],
    })
    return Number(wait)
  }

  async close(): Promise<void> {
    await this.#client.quit()
  }
}

/** Redis when REDIS_URL is set (shared by every instance), else in this process's memory. */
export async function createRateLimiter(
  redisUrl: string | undefined,
  callsPerSecond: number,
): Promise<RateLimiter> {
  return redisUrl
    ? RedisRateLimiter.connect(redisUrl, callsPerSecond)
    : new MemoryRateLimiter(callsPerSecond)
}
