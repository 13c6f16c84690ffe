import { type Locale, textDirection } from '@latch/protocol/i18n'
import { en, type ScreenText, type ScreenTextKey } from './en.ts'

const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: ScreenText }>> = {
  ar: () => import('./locales/ar.ts'),
  zh: () => import('./locales/zh.ts'),
  ja: () => import('./locales/ja.ts'),
  ko: () => import('./locales/ko.ts'),
  es: () => import('./locales/es.ts'),
  pt: () => import('./locales/pt.ts'),
  fr: () => import('./locales/fr.ts'),
  de: () => import('./locales/de.ts'),
  ru: () => import('./locales/ru.ts'),
  tr: () => import('./locales/tr.ts'),
  hi: () => import('./locales/hi.ts'),
}

export type ScreenLanguage = {
  /** The screen's word for `key`; an English screen title the catalogue lacks stays as written. */
  text(key: string): string
  /** Speaks `locale` once its chunk is in (the page's `lang` and `dir` follow). */
  set(locale: Locale): Promise<void>
}

/** The approval screen's language: the one the kit passes, else the frame's own browser's. */
export function createScreenLanguage(
  initial: Locale,
  page?: { lang: string; dir: string },
): ScreenLanguage {
  let messages: ScreenText = en
  let wanted = initial
  const language: ScreenLanguage = {
    text: (key) => (key in messages ? messages[key as ScreenTextKey] : key),
    async set(locale) {
      wanted = locale
      const loaded = locale === 'en' ? en : (await LOADERS[locale]()).default
      // A later choice wins over a chunk that arrives after it.
      if (wanted !== locale) return
      messages = loaded
      if (page) {
        page.lang = locale
        page.dir = textDirection(locale)
      }
    },
  }
  if (initial !== 'en') void language.set(initial).catch(() => undefined)
  return language
}
