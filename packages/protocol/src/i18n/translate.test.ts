import { describe, expect, it } from 'vitest'
import { dateFormat, formatMessage, listFormat, numberFormat, placeholdersOf } from './translate.ts'

describe('formatMessage', () => {
  it('fills placeholders and writes numbers the locale way', () => {
    expect(
      formatMessage('Pay {amount} on {network}', 'en', { amount: 1234.5, network: 'Base' }),
    ).toBe('Pay 1,234.5 on Base')
    expect(formatMessage('{amount} zahlen', 'de', { amount: 1234.5 })).toBe('1.234,5 zahlen')
    expect(formatMessage('{amount} payés', 'fr', { amount: 1234.5 })).toBe('1\u202f234,5 payés')
  })

  it('picks the plural form of the locale for {count}', () => {
    const tokens = { one: '{count} token', other: '{count} tokens' }
    expect(formatMessage(tokens, 'en', { count: 1 })).toBe('1 token')
    expect(formatMessage(tokens, 'en', { count: 3 })).toBe('3 tokens')
    const russian = {
      one: '{count} токен',
      few: '{count} токена',
      many: '{count} токенов',
      other: '{count} токена',
    }
    expect(formatMessage(russian, 'ru', { count: 1 })).toBe('1 токен')
    expect(formatMessage(russian, 'ru', { count: 3 })).toBe('3 токена')
    expect(formatMessage(russian, 'ru', { count: 11 })).toBe('11 токенов')
    // Japanese has one form: 'other'.
    expect(formatMessage({ other: '{count} 件' }, 'ja', { count: 1 })).toBe('1 件')
  })

  it('leaves a placeholder without a parameter as written', () => {
    expect(formatMessage('Hello {name}', 'en')).toBe('Hello {name}')
  })
})

describe('placeholdersOf', () => {
  it('lists the names of every form once, sorted', () => {
    expect(placeholdersOf('{b} and {a} and {b}')).toEqual(['a', 'b'])
    expect(placeholdersOf({ one: '{count} on {chain}', other: '{count}' })).toEqual([
      'chain',
      'count',
    ])
  })
})

describe('numberFormat, dateFormat and listFormat', () => {
  it('format currencies and dates for the locale', () => {
    expect(numberFormat('de', { style: 'currency', currency: 'EUR' }).format(12.5)).toBe(
      '12,50\u00a0€',
    )
    expect(numberFormat('en', { style: 'currency', currency: 'USD' }).format(12.5)).toBe('$12.50')
    const date = new Date(Date.UTC(2026, 0, 15, 12))
    expect(dateFormat('fr', { month: 'long', timeZone: 'UTC' }).format(date)).toBe('janvier')
    expect(dateFormat('ja', { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(date)).toBe(
      '2026年1月',
    )
  })

  it('join a list the locale way', () => {
    const narrow = { type: 'conjunction', style: 'narrow' } as const
    expect(listFormat('en', narrow).format(['a', 'b', 'c'])).toBe('a, b, c')
    expect(listFormat('de', narrow).format(['a', 'b', 'c'])).toBe('a, b und c')
    expect(listFormat('ja', narrow).format(['a', 'b', 'c'])).toBe('a、b、c')
  })
})
