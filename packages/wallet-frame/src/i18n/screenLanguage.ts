import {
  formatDecimal,
  formatMessage,
  formatUtcTime,
  type Locale,
  type MessageParams,
  textDirection,
} from '@latch/protocol/i18n'
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

/** What the screen says in one language: its messages, and amounts and dates written its way. */
export type ScreenWords = {
  readonly locale: Locale
  /** The message `key`, its placeholders filled (numbers the locale's way). */
  say(key: ScreenTextKey, params?: MessageParams): string
  /** The screen's word for `key`; an English screen title the catalogue lacks stays as written. */
  text(key: string): string
  /** An exact amount ('1234.000021') with the locale's separators, every digit kept. */
  amount(value: string): string
  /** A moment (seconds since 1970) in UTC, as the locale writes a date and a time. */
  date(seconds: number): string
}

/** The words of `messages` in `locale`. */
export function screenWords(locale: Locale, messages: ScreenText): ScreenWords {
  return {
    locale,
    say: (key, params) => formatMessage(messages[key], locale, params),
    text: (key) => {
      const message = key in messages ? messages[key as ScreenTextKey] : undefined
      return typeof message === 'string' ? message : key
    },
    amount: (value) => formatDecimal(value, locale),
    date: (seconds) => formatUtcTime(seconds, locale),
  }
}

/** The screen in English: what it says before (or without) a language from the kit. */
export const ENGLISH_WORDS = screenWords('en', en)

export type ScreenLanguage = {
  /** The words of the language the screen speaks now. */
  words(): ScreenWords
  /** The screen's word for `key` in that language (see ScreenWords.text). */
  text(key: string): string
  /** Speaks `locale` once its chunk is in (the page's `lang` and `dir` follow). */
  set(locale: Locale): Promise<void>
  /** Runs `listener` whenever the screen starts speaking another language. */
  onChange(listener: () => void): void
}

/** The approval screen's language: the one the kit passes, else the frame's own browser's. */
export function createScreenLanguage(
  initial: Locale,
  page?: { lang: string; dir: string },
): ScreenLanguage {
  let words = ENGLISH_WORDS
  let wanted = initial
  const listeners: (() => void)[] = []
  const language: ScreenLanguage = {
    words: () => words,
    text: (key) => words.text(key),
    onChange: (listener) => listeners.push(listener),
    async set(locale) {
      wanted = locale
      const loaded = locale === 'en' ? en : (await LOADERS[locale]()).default
      // A later choice wins over a chunk that arrives after it.
      if (wanted !== locale) return
      const changed = words.locale !== locale
      words = screenWords(locale, loaded)
      if (page) {
        page.lang = locale
        page.dir = textDirection(locale)
      }
      if (changed) for (const listener of listeners) listener()
    },
  }
  if (initial !== 'en') void language.set(initial).catch(() => undefined)
  return language
}
