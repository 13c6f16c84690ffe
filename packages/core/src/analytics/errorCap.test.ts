import { describe, expect, it } from 'vitest'
import { createErrorCap, ERROR_EVENTS_PER_WINDOW, ERROR_WINDOW_MS } from './errorCap.ts'

const SECOND = 1_000

describe('the error cap', () => {
  it('lets 5 errors through in any 60 s: the 6th is dropped, and one goes again once the oldest is 60 s old', () => {
    expect([ERROR_EVENTS_PER_WINDOW, ERROR_WINDOW_MS]).toEqual([5, 60_000])
    const cap = createErrorCap()
    const start = 1_764_000_000_000
    const at = (seconds: number) => cap.take(start + seconds * SECOND)
    // One every 10 s: five pass, the sixth (50 s) is dropped.
    expect([0, 10, 20, 30, 40, 50].map(at)).toEqual([true, true, true, true, true, false])
    // The window slides: at 60 s the first has left it, so one more passes; at 65 s none has.
    expect(at(60)).toBe(true)
    expect(at(65)).toBe(false)
    // The dropped one took no place: at 70 s the one of 10 s has left.
    expect(at(70)).toBe(true)
    // A quiet minute later, five pass at once again.
    expect([200, 200, 200, 200, 200, 200].map(at)).toEqual([true, true, true, true, true, false])
  })
})
