import { describe, expect, it } from 'vitest'
import { demoTranslator } from './DemoI18nContext.ts'
import type { DemoCatalogue } from './en.ts'
import demoDe from './locales/demo-de.ts'

describe('demoTranslator', () => {
  it('reads the language’s message, numbers its way, and English where it has none', () => {
    const german = demoTranslator('de', demoDe)
    expect(german.dir).toBe('ltr')
    expect(german.t('session.spend', { amount: 1.5 })).toBe('1,5 USDC ausgeben')
    // A catalogue short of a key: the type forbids it, a chunk of an older build may still be.
    expect(demoTranslator('ar', {} as DemoCatalogue).t('account.notConnected')).toBe(
      'Not connected',
    )
    expect(demoTranslator('ar', undefined).dir).toBe('rtl')
  })

  it('words a kept status in the language of the moment, and shows a plain value as it is', () => {
    const status = {
      key: 'server.online',
      params: { networks: (locale: string) => `${locale}-list` },
    } as const
    expect(demoTranslator('en', undefined).say(status)).toBe(
      'Latch server online · networks en-list',
    )
    expect(demoTranslator('de', demoDe).say(status)).toBe('Latch-Server online · Netzwerke de-list')
    expect(demoTranslator('de', demoDe).say('0xabc')).toBe('0xabc')
    expect(demoTranslator('de', demoDe).say(undefined)).toBeUndefined()
  })
})
