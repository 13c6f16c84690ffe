/** The longest work waits for an idle moment before it runs anyway. */
export const IDLE_TIMEOUT_MS = 2_000

/**
 * Runs `task` when the page is idle (requestIdleCallback, at most IDLE_TIMEOUT_MS late; a short
 * timer where there is none, e.g. Safari or a server), so preloading never competes with what the
 * visitor is shown. Returns the function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS })
    return () => cancelIdleCallback(id)
  }
  const timer = setTimeout(task, 1)
  return () => clearTimeout(timer)
}
