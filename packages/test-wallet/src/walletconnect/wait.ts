import { setTimeout as sleep } from 'node:timers/promises'
import { WcTimeoutError } from './errors.ts'

const POLL_MS = 5

/**
 * Resolves with the first truthy value `check` returns, checking every few ms: the state it
 * watches lives partly inside sign-client, which has no event for it.
 */
export async function pollUntil<T>(
  check: () => T | undefined | null | false,
  what: string,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() >= deadline) throw new WcTimeoutError(what, timeoutMs)
    await sleep(POLL_MS)
  }
}

/** `promise`, or a WcTimeoutError once `timeoutMs` has passed. */
export async function withTimeout<T>(
  promise: Promise<T>,
  what: string,
  timeoutMs: number,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WcTimeoutError(what, timeoutMs)), timeoutMs)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
