type Bucket = { tokens: number; updatedAt: number }

/**
 * Per-project token buckets in memory: `callsPerSecond` tokens refill each second, up to one
 * second's worth. A batch takes one token per call; a batch larger than a second's worth passes
 * on a full bucket and leaves it in debt, so it is paid for before the next call passes.
 */
export class RateLimiter {
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
}
