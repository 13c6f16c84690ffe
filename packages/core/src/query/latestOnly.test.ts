import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { latestOnly } from './latestOnly.ts'

/** A fetch whose answers the test releases by hand, in any order. */
function manualFetch() {
  const calls: { input: string; resolve(value: string): void; reject(error: Error): void }[] = []
  const fetch = vi.fn(
    (input: string) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ input, resolve, reject })
      }),
  )
  return { fetch, calls }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('latestOnly', () => {
  it('asks once for a burst of inputs, with the last one, after the delay', async () => {
    const { fetch, calls } = manualFetch()
    const onAnswer = vi.fn()
    const quotes = latestOnly({ delayMs: 300, fetch, onAnswer, onError: vi.fn() })
    quotes.schedule('0')
    vi.advanceTimersByTime(100)
    quotes.schedule('0.1')
    vi.advanceTimersByTime(299)
    quotes.schedule('0.15')
    vi.advanceTimersByTime(299)
    expect(fetch).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fetch.mock.calls).toEqual([['0.15']])
    calls[0]?.resolve('quote for 0.15')
    await vi.runAllTimersAsync()
    expect(onAnswer).toHaveBeenCalledWith('quote for 0.15', '0.15')
  })

  it('drops a slow answer to an older input that arrives after the newer one', async () => {
    const { fetch, calls } = manualFetch()
    const onAnswer = vi.fn()
    const onError = vi.fn()
    const quotes = latestOnly({ delayMs: 300, fetch, onAnswer, onError })
    quotes.schedule('0.1')
    vi.advanceTimersByTime(300)
    quotes.schedule('0.15')
    vi.advanceTimersByTime(300)
    expect(fetch).toHaveBeenCalledTimes(2)
    calls[1]?.resolve('quote for 0.15')
    await vi.runAllTimersAsync()
    calls[0]?.resolve('quote for 0.1')
    await vi.runAllTimersAsync()
    expect(onAnswer.mock.calls).toEqual([['quote for 0.15', '0.15']])
    expect(onError).not.toHaveBeenCalled()
  })

  it('drops an answer in flight as soon as a newer input is typed, and stale errors too', async () => {
    const { fetch, calls } = manualFetch()
    const onAnswer = vi.fn()
    const onError = vi.fn()
    const quotes = latestOnly({ delayMs: 300, fetch, onAnswer, onError })
    quotes.schedule('0.1')
    vi.advanceTimersByTime(300)
    quotes.schedule('0.2')
    calls[0]?.reject(new Error('Amount too large for the pools of this pair'))
    await vi.runAllTimersAsync()
    expect(onError).not.toHaveBeenCalled()
    expect(onAnswer).not.toHaveBeenCalled()
    calls[1]?.reject(new Error('No liquidity for this pair'))
    await vi.runAllTimersAsync()
    expect(onError).toHaveBeenCalledWith(new Error('No liquidity for this pair'), '0.2')
  })

  it('runs at once on demand, superseding what is scheduled; cancel drops everything', async () => {
    const { fetch, calls } = manualFetch()
    const onAnswer = vi.fn()
    const quotes = latestOnly({ delayMs: 300, fetch, onAnswer, onError: vi.fn() })
    quotes.schedule('0.1')
    const now = quotes.run('0.3')
    calls[0]?.resolve('quote for 0.3')
    await expect(now).resolves.toEqual({ stale: false, value: 'quote for 0.3' })
    vi.advanceTimersByTime(1000)
    expect(fetch.mock.calls).toEqual([['0.3']])

    const dropped = quotes.run('0.4')
    quotes.cancel()
    calls[1]?.resolve('quote for 0.4')
    await expect(dropped).resolves.toEqual({ stale: true })
    expect(onAnswer).not.toHaveBeenCalled()
  })
})
