import { describe, expect, it } from 'vitest'
import { parseAcceptLanguage, pickLocale } from './pickLocale.ts'

describe('pickLocale', () => {
  it('takes the first language the kit has, by its language subtag', () => {
    expect(pickLocale(['de-AT', 'en-US'])).toBe('de')
    expect(pickLocale(['nl-NL', 'pt-BR', 'en'])).toBe('pt')
    expect(pickLocale(['zh-Hant-TW'])).toBe('zh')
    expect(pickLocale(['AR_eg'])).toBe('ar')
  })

  it('falls back to English when none of them is known, or none is given', () => {
    expect(pickLocale(['nl', 'sv-SE'])).toBe('en')
    expect(pickLocale([])).toBe('en')
    expect(pickLocale([undefined, ''])).toBe('en')
  })
})

describe('parseAcceptLanguage', () => {
  it('orders the tags by weight, keeps ties in order and drops * and q=0', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ])
    expect(parseAcceptLanguage('en;q=0.5, ja, ko;q=0')).toEqual(['ja', 'en'])
    expect(pickLocale(parseAcceptLanguage('nl;q=0.9, tr;q=0.8'))).toBe('tr')
    expect(parseAcceptLanguage(undefined)).toEqual([])
  })
})
