import { setTimeout as sleep } from 'node:timers/promises'
import { LONG_POLL_INTERVAL_MS } from './constants.ts'

/**
 * Calls `check` until it answers something, `timeoutMs` passes, or `signal` aborts (client gone,
 * server closing): then `undefined`. The database is what `check` reads, so an event written by
 * another server instance is seen within one interval.
 */
export async function longPoll<T>(
  check: () => Promise<T | undefined>,
  options: { timeoutMs: number; signal: AbortSignal; intervalMs?: number },
): Promise<T | undefined> {
  const deadline = Date.now() + options.timeoutMs
  const interval = options.intervalMs ?? LONG_POLL_INTERVAL_MS
  for (;;) {
    const result = await check()
    if (result !== undefined) return result
    const left = deadline - Date.now()
    if (left <= 0 || options.signal.aborted) return undefined
    try {
      await sleep(Math.min(interval, left), undefined, { signal: options.signal })
    } catch {
      return undefined
    }
  }
}
