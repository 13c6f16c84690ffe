import { phrase } from '@latch/core'
import { decimal } from '@latch/protocol/i18n'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from './catalogues.ts'
import { en } from './en.ts'
import { moreEnglish } from './enMore.ts'
import { translator } from './I18nContext.ts'
import de from './locales/de.ts'
import ru from './locales/ru.ts'

// Messages the product's specification words: in English they are shown exactly so.
const SPEC_MESSAGES = [
  'Token Balance Unavailable',
  'Failed to disconnect',
  'Network not supported for Swaps',
  'Network not supported for Gas Price',
  'Invalid App Configuration',
  'Project ID Not Configured',
  'Signature declined',
  'Something went wrong',
  'Chain is not supported',
  'Action not allowed',
  'Connect Wallet',
  'Approve Transaction',
]

describe('translator', () => {
  it('holds the specification messages verbatim in English and shows them unchanged', () => {
    const english: readonly unknown[] = Object.values({ ...en, ...moreEnglish })
    const { known } = translator('en', undefined)
    for (const message of SPEC_MESSAGES) {
      expect(english).toContain(message)
      expect(known(message)).toBe(message)
    }
  })

  it('translates a message core wrote in English, and leaves one the catalogue lacks as written', async () => {
    // As the modal loads a language: its catalogue with the English words core writes.
    const { known, t } = translator('de', await loadCatalogue('de'))
    expect(known('Token Balance Unavailable')).toBe('Token-Guthaben nicht verfügbar')
    expect(known('Could not get a quote: no route')).toBe('Could not get a quote: no route')
    expect(t('activity.of', { name: 'alice.latch.id' })).toBe('Aktivität von alice.latch.id')
  })

  it('fills plural forms and numbers the locale way', () => {
    expect(translator('en', undefined).t('wallets.count', { count: 1 })).toBe('1 wallet')
    expect(translator('en', undefined).t('wallets.count', { count: 1234 })).toBe('1,234 wallets')
    const { t } = translator('ru', ru)
    expect(t('wallets.count', { count: 1 })).toBe('1 кошелёк')
    expect(t('wallets.count', { count: 3 })).toBe('3 кошелька')
    expect(t('wallets.count', { count: 25 })).toBe('25 кошельков')
    expect(translator('de', de).t('wallets.count', { count: 1234 })).toBe('1.234 Wallets')
  })

  it("words core's phrases with the language's plural forms, amounts and dates", () => {
    const limit = phrase('session.everyDays', {
      amount: decimal('1500.25'),
      symbol: 'USDC',
      count: 3,
    })
    const upTo = phrase('session.upTo', { limit: { text: limit } })
    expect(upTo.english).toBe('Up to 1,500.25 USDC every 3 days')
    expect(translator('ru', ru).known(upTo)).toBe('До 1\u00a0500,25 USDC раз в 3 дня')
    const expires = phrase('session.expiresAt', { date: { utc: 1_800_000_000 } })
    expect(translator('en', undefined).known(expires)).toBe('Expires Jan 15, 2027, 8:00 AM UTC')
    expect(translator('de', de).known(expires)).toBe('Läuft ab am 15.01.2027, 08:00 UTC')
  })
})
