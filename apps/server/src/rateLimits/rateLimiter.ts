import { HttpError } from '../errors.ts'

/**
 * The 429 of a fixed window: what it counts ('requests', 'login attempts'), how many it allows,
 * and in how many seconds it opens again.
 */
export const tooManyRequests = (
  max: number,
  windowMs: number,
  retryInSeconds: number,
  counted = 'requests',
) =>
  new HttpError(
    429,
    `Too many ${counted}: at most ${max} per ${windowMs / 1000} s; retry in ${retryInSeconds} s`,
  )

/** Counts per key in fixed windows, in memory: one server instance's view, enough for a burst. */
export class FixedWindowRateLimiter {
  readonly #max: number
  readonly #windowMs: number
  readonly #counted: string | undefined
  readonly #windows = new Map<string, { startedAt: number; count: number }>()

  constructor(options: { max: number; windowMs: number; counted?: string }) {
    this.#max = options.max
    this.#windowMs = options.windowMs
    this.#counted = options.counted
  }

  /** Counts one request of `key`; throws 429 past the limit of its window. */
  hit(key: string, now = Date.now()): void {
    let window = this.#windows.get(key)
    if (!window || now - window.startedAt >= this.#windowMs) {
      if (this.#windows.size > 10_000) this.#prune(now)
      window = { startedAt: now, count: 0 }
      this.#windows.set(key, window)
    }
    window.count++
    if (window.count > this.#max) {
      const retryInSeconds = Math.ceil((window.startedAt + this.#windowMs - now) / 1000)
      throw tooManyRequests(this.#max, this.#windowMs, retryInSeconds, this.#counted)
    }
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) {
      if (now - window.startedAt >= this.#windowMs) this.#windows.delete(key)
    }
  }
}
