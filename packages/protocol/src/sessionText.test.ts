import { describe, expect, it } from 'vitest'
import { expiryText, periodOf } from './sessionText.ts'

describe('how a smart session reads', () => {
  it('takes a period in the largest unit it is a whole number of', () => {
    expect(periodOf(86_400)).toEqual({ unit: 'day', count: 1 })
    expect(periodOf(604_800)).toEqual({ unit: 'week', count: 1 })
    expect(periodOf(3 * 86_400)).toEqual({ unit: 'day', count: 3 })
    expect(periodOf(7_200)).toEqual({ unit: 'hour', count: 2 })
    expect(periodOf(60)).toEqual({ unit: 'minute', count: 1 })
    expect(periodOf(90)).toEqual({ unit: 'second', count: 90 })
  })

  it('dates the end in UTC, whatever the time zone', () => {
    expect(expiryText(1_800_000_000)).toBe('Jan 15, 2027, 8:00 AM UTC')
  })
})
