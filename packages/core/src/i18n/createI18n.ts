import { DEFAULT_LOCALE, type Locale, pickLocale } from '@latch/protocol/i18n'
import { createStore, type ReadableStore } from '../store.ts'

export type I18nState = {
  /** The language the modal speaks. */
  locale: Locale
  /** True once the site chose it (`locale` option or `setLocale`): the browser's no longer counts. */
  chosen: boolean
}

export type I18nController = {
  state: ReadableStore<I18nState>
  /** The site's choice ('fr', 'pt-BR'), matched to a shipped language, else English. */
  setLocale(tag: string): void
  /** The visitor's languages (`navigator.languages`): followed only while the site chose none. */
  followBrowser(languages: readonly string[]): void
}

/** The modal's language: the site's `locale`, else the browser's best match, else English. */
export function createI18n(initial: string | undefined): I18nController {
  const state = createStore<I18nState>(
    initial === undefined
      ? { locale: DEFAULT_LOCALE, chosen: false }
      : { locale: pickLocale([initial]), chosen: true },
  )
  return {
    state,
    setLocale: (tag) => state.set({ locale: pickLocale([tag]), chosen: true }),
    followBrowser: (languages) => {
      if (!state.get().chosen) state.set({ locale: pickLocale(languages) })
    },
  }
}
