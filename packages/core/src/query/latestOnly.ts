/** What a call of a `latestOnly` gives: the answer, or `stale` when a newer call came after it. */
export type LatestAnswer<Output> = { stale: false; value: Output } | { stale: true }

export type LatestOnly<Input, Output> = {
  /**
   * Asks once the input has stayed the same for the delay: each call drops the one before it that
   * has not started yet. The answer goes to `onAnswer` (or the error to `onError`) only if no
   * newer call came meanwhile.
   */
  schedule(input: Input): void
  /** Asks now, superseding anything scheduled or in flight. Throws only when still the latest. */
  run(input: Input): Promise<LatestAnswer<Output>>
  /** Drops what is scheduled and makes answers in flight stale. */
  cancel(): void
}

/**
 * Debounces a fetch and keeps only the answer to the latest input: a slow answer to an older input
 * never overwrites a newer one (typing 0.1 then 0.15 must not end showing the quote for 0.1).
 * Uses the global timers, looked up when called, so fake timers apply.
 * @example const quotes = latestOnly({ delayMs: 300, fetch: getQuote, onAnswer, onError })
 */
export function latestOnly<Input, Output>(options: {
  delayMs: number
  fetch(input: Input): Promise<Output>
  onAnswer(value: Output, input: Input): void
  onError(error: unknown, input: Input): void
}): LatestOnly<Input, Output> {
  let latest = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  function clearTimer() {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  async function run(input: Input): Promise<LatestAnswer<Output>> {
    clearTimer()
    const call = ++latest
    try {
      const value = await options.fetch(input)
      return call === latest ? { stale: false, value } : { stale: true }
    } catch (error) {
      if (call !== latest) return { stale: true }
      throw error
    }
  }

  return {
    schedule(input) {
      clearTimer()
      // A newer input makes any answer in flight stale at once, not only when the delay is over.
      latest++
      timer = setTimeout(() => {
        timer = undefined
        run(input).then(
          (answer) => {
            if (!answer.stale) options.onAnswer(answer.value, input)
          },
          (error: unknown) => options.onError(error, input),
        )
      }, options.delayMs)
    },
    run,
    cancel() {
      clearTimer()
      latest++
    },
  }
}
