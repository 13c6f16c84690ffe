import { type Catalogue, placeholdersOf } from '@latch/protocol/i18n'
import { describe, expect, it } from 'vitest'
import { en } from './en.ts'
import { createScreenLanguage } from './screenLanguage.ts'

describe('createScreenLanguage', () => {
  it('speaks English at first and another language once its chunk is in, the page following', async () => {
    const page = { lang: 'en', dir: 'ltr' }
    const language = createScreenLanguage('en', page)
    expect(language.text('reject')).toBe('Reject')
    await language.set('ar')
    expect(language.text('reject')).toBe('رفض')
    expect(language.text('Sign message')).toBe('توقيع رسالة')
    expect(page).toEqual({ lang: 'ar', dir: 'rtl' })
    await language.set('de')
    expect(language.text('approving')).toBe('Wird bestätigt...')
    expect(language.words().say('callOf', { index: 2, count: 3 })).toBe('Aufruf 2 von 3')
    expect(language.words().amount('1234567.5')).toBe('1.234.567,5')
    expect(page).toEqual({ lang: 'de', dir: 'ltr' })
  })

  it('leaves a screen title it has no word for as written', () => {
    expect(createScreenLanguage('en').text('Sign a brand new thing')).toBe('Sign a brand new thing')
  })

  it('has every English key in each language, each with the same placeholders', async () => {
    for (const locale of [
      'ar',
      'zh',
      'ja',
      'ko',
      'es',
      'pt',
      'fr',
      'de',
      'ru',
      'tr',
      'hi',
    ] as const) {
      const { default: messages } = (await import(`./locales/${locale}.ts`)) as {
        default: Catalogue
      }
      expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(en).sort())
      const mismatched = Object.entries(messages).filter(
        ([key, message]) =>
          placeholdersOf(message).join() !== placeholdersOf(en[key as keyof typeof en]).join(),
      )
      expect(
        mismatched.map(([key]) => key),
        `${locale}: placeholders differ`,
      ).toEqual([])
    }
  })
})
