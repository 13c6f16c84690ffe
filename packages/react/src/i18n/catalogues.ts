import type { Locale } from '@latch/protocol/i18n'
import type { ModalCatalogue } from './en.ts'

export type { ModalCatalogue }

// English is inline (it is the fallback); every other language is its own chunk, and only the
// active one is ever requested.
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: ModalCatalogue }>> = {
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

/** The modal's messages in `locale`: English at once, any other by loading its chunk. */
export async function loadCatalogue(locale: Locale): Promise<ModalCatalogue | undefined> {
  if (locale === 'en') return undefined
  return (await LOADERS[locale]()).default
}
