import type { Locale } from '@latch/protocol/i18n'
import type { DemoCatalogue } from './en.ts'

// English is inline (`en.ts`); every other language is one chunk, requested only when it is the
// kit's language. The files are named `demo-<language>` so their chunks (`demo-ar-<hash>.js`) are
// told apart from the kit's own (`ar-<hash>.js`).
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: DemoCatalogue }>> = {
  ar: () => import('./locales/demo-ar.ts'),
  zh: () => import('./locales/demo-zh.ts'),
  ja: () => import('./locales/demo-ja.ts'),
  ko: () => import('./locales/demo-ko.ts'),
  es: () => import('./locales/demo-es.ts'),
  pt: () => import('./locales/demo-pt.ts'),
  fr: () => import('./locales/demo-fr.ts'),
  de: () => import('./locales/demo-de.ts'),
  ru: () => import('./locales/demo-ru.ts'),
  tr: () => import('./locales/demo-tr.ts'),
  hi: () => import('./locales/demo-hi.ts'),
}

/** The demo page's messages in `locale` other than English: its chunk, loaded once. */
export async function loadDemoCatalogue(locale: Exclude<Locale, 'en'>): Promise<DemoCatalogue> {
  return (await LOADERS[locale]()).default
}
