import { describe, expect, it } from 'vitest'
import { MemoryRateLimiter } from './rateLimiter.ts'

describe('MemoryRateLimiter', () => {
  it('lets at most the rate through in any one second, however the calls are spread', () => {
    const limiter = new MemoryRateLimiter(5)
    expect([0, 100, 200, 300, 400].map((at) => limiter.take('p', 1, at))).toEqual([0, 0, 0, 0, 0])
    // A token bucket would have refilled two calls' worth by now; the window has not moved.
    expect(limiter.take('p', 1, 900)).toBe(1)
    expect(limiter.take('p', 1, 999)).toBe(1)
    // The first call leaves the window a second after it came: one more passes, not two.
    expect(limiter.take('p', 1, 1000)).toBe(0)
    expect(limiter.take('p', 1, 1000)).toBe(1)
    expect(limiter.take('other', 5, 1000)).toBe(0)
  })

  it('counts a batch call by call, and lets a batch above the rate pass only into an empty window, in debt', () => {
    const limiter = new MemoryRateLimiter(5)
    expect(limiter.take('p', 3, 0)).toBe(0)
    expect(limiter.take('p', 3, 10)).toBe(1)
    expect(limiter.take('p', 2, 10)).toBe(0)
    expect(limiter.take('p', 12, 500)).toBe(1)
    expect(limiter.take('p', 12, 1010)).toBe(0)
    // Twelve calls at five a second: counted 2.4 s, so the next waits that long.
    expect(limiter.take('p', 1, 2000)).toBe(2)
    expect(limiter.take('p', 1, 3409)).toBe(1)
    expect(limiter.take('p', 1, 3410)).toBe(0)
  })
})
