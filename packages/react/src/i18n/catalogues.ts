import type { Locale, Message } from '@latch/protocol/i18n'
import { en, type MessageKey, type ModalCatalogue } from './en.ts'
import type { coreWords } from './enCore.ts'
import type { moreEnglish } from './enMore.ts'

export type { ModalCatalogue }

// English is the fallback: its first part is inline, the rest (`enMore.ts`) a chunk loaded with the
// first view past Connect. Every other language is one chunk, and only the active one is requested,
// with the English words core writes (`enCore.ts`), by which a message core wrote finds its key.
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

let core: typeof coreWords | undefined

/** The modal's messages in `locale` other than English: its chunk, loaded once. */
export async function loadCatalogue(locale: Exclude<Locale, 'en'>): Promise<ModalCatalogue> {
  const [catalogue, words] = await Promise.all([LOADERS[locale](), import('./enCore.ts')])
  core = words.coreWords
  return catalogue.default
}

let more: typeof moreEnglish | undefined
let loadingMore: Promise<unknown> | undefined

/** Loads the rest of the English messages (once); views past Connect wait for it in English. */
export function loadMoreEnglish(): Promise<unknown> {
  loadingMore ??= import('./enMore.ts').then(
    (module) => {
      more = module.moreEnglish
    },
    (error: unknown) => {
      // A failed load is tried again with the next view.
      loadingMore = undefined
      throw error
    },
  )
  return loadingMore
}

/** The English message of `key`, once its part is loaded. */
export function englishOf(key: MessageKey): Message | undefined {
  if (key in en) return en[key as keyof typeof en]
  return more?.[key as keyof typeof moreEnglish] ?? core?.[key as keyof typeof coreWords]
}

/** The key of an English message loaded so far, found by its text (a message core wrote). */
export function keyOfEnglish(text: string): MessageKey | undefined {
  for (const messages of [en, core, more]) {
    if (!messages) continue
    const key = (Object.keys(messages) as (keyof typeof messages)[]).find(
      (candidate) => messages[candidate] === text,
    )
    if (key) return key
  }
  return undefined
}
