/** Error events a page may send in any one window: a broken page must not flood the server. */
export const ERROR_EVENTS_PER_WINDOW = 5
/** The window of the error cap, in ms. */
export const ERROR_WINDOW_MS = 60_000

/**
 * A sliding-window cap: `take(now)` answers true for at most `limit` calls in any `windowMs`, so
 * the sixth error within a minute is dropped and one a minute after the first goes again.
 */
export function createErrorCap(limit = ERROR_EVENTS_PER_WINDOW, windowMs = ERROR_WINDOW_MS) {
  const taken: number[] = []
  return {
    take(now: number): boolean {
      while (taken.length > 0 && (taken[0] as number) <= now - windowMs) taken.shift()
      if (taken.length >= limit) return false
      taken.push(now)
      return true
    },
  }
}
