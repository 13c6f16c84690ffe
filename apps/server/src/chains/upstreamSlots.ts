/** The bound on calls to one upstream: how many run at once, how many wait, and for how long. */
export type UpstreamSlotLimits = { maxInFlight: number; maxQueued: number; queueWaitMs: number }

/** Enough for a busy instance; far below what would exhaust its sockets or memory. */
export const DEFAULT_UPSTREAM_SLOTS: UpstreamSlotLimits = {
  maxInFlight: 64,
  maxQueued: 256,
  queueWaitMs: 10_000,
}

/**
 * A semaphore with a bounded queue: at most `maxInFlight` holders, at most `maxQueued` waiting,
 * none waiting longer than `queueWaitMs`. `acquire` answers false when the queue is full or the
 * wait ran out: the caller is turned away at once instead of piling up behind a slow upstream.
 */
export class UpstreamSlots {
  readonly #limits: UpstreamSlotLimits
  #inFlight = 0
  readonly #waiting: Array<(granted: boolean) => void> = []

  constructor(limits: UpstreamSlotLimits) {
    this.#limits = limits
  }

  get inFlight(): number {
    return this.#inFlight
  }

  get queued(): number {
    return this.#waiting.length
  }

  /** `maxWaitMs`: a shorter wait than `queueWaitMs`, for a caller with less time left. */
  async acquire(maxWaitMs = this.#limits.queueWaitMs): Promise<boolean> {
    if (this.#inFlight < this.#limits.maxInFlight) {
      this.#inFlight++
      return true
    }
    if (this.#waiting.length >= this.#limits.maxQueued || maxWaitMs <= 0) return false
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(
        () => {
          const at = this.#waiting.indexOf(grant)
          if (at >= 0) this.#waiting.splice(at, 1)
          resolve(false)
        },
        Math.min(maxWaitMs, this.#limits.queueWaitMs),
      )
      const grant = (granted: boolean) => {
        clearTimeout(timer)
        resolve(granted)
      }
      this.#waiting.push(grant)
    })
  }

  /** Hands the slot to the next waiting call, else frees it. */
  release(): void {
    const next = this.#waiting.shift()
    if (next) next(true)
    else this.#inFlight--
  }
}
