import { describe, expect, it } from 'vitest'
import { DEFAULT_RESTRICTED_TIMEZONES, isRestrictedTimezone } from './restrictedRegion.ts'

describe('restricted time zones', () => {
  it('restricts the mainland China, Hong Kong and Macau zones by default, in any case', () => {
    for (const zone of [
      'Asia/Shanghai',
      'Asia/Urumqi',
      'Asia/Hong_Kong',
      'Asia/Macau',
      'asia/macao',
    ])
      expect(isRestrictedTimezone(zone, DEFAULT_RESTRICTED_TIMEZONES), zone).toBe(true)
  })

  it('leaves every other zone, an unknown one, and everything under an empty list alone', () => {
    for (const zone of ['Asia/Taipei', 'Asia/Singapore', 'Europe/Berlin', 'UTC'])
      expect(isRestrictedTimezone(zone, DEFAULT_RESTRICTED_TIMEZONES), zone).toBe(false)
    expect(isRestrictedTimezone(undefined, DEFAULT_RESTRICTED_TIMEZONES)).toBe(false)
    expect(isRestrictedTimezone('Asia/Shanghai', [])).toBe(false)
  })

  it('takes a site list of its own', () => {
    expect(isRestrictedTimezone('Europe/Berlin', ['Europe/Berlin'])).toBe(true)
    expect(isRestrictedTimezone('Asia/Shanghai', ['Europe/Berlin'])).toBe(false)
  })
})
