/** Timers looked up when called, so tests' fake timers apply. */
export type Timers = {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * Waits for `work` to settle, for at most `ms`: its failure is ignored. For a courtesy call that
 * must not hold up what follows, such as telling a server or a frame that a session ends.
 */
export async function settleWithin(
  work: Promise<unknown>,
  ms: number,
  timers: Timers = defaultTimers,
): Promise<void> {
  let timer: unknown
  await Promise.race([
    work.catch(() => {}),
    new Promise<void>((resolve) => {
      timer = timers.setTimeout(resolve, ms)
    }),
  ])
  timers.clearTimeout(timer)
}
