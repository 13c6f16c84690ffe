import {
  DEFAULT_LOCALE,
  formatMessage,
  type Locale,
  type MessageParams,
  textDirection,
} from '@latch/protocol/i18n'
import { createContext } from 'react'
import { type DemoCatalogue, type DemoMessageKey, en } from './en.ts'

/** A value in a message: as it is, a number written the locale's way, or one worded per locale. */
export type SaidValue = string | number | ((locale: Locale) => string)

/**
 * A status the page keeps (a result, a failure) as its message and values rather than as text,
 * so it reads in the language of the moment when the visitor switches.
 */
export type Said = { key: DemoMessageKey; params?: Readonly<Record<string, SaidValue>> }

export type DemoI18n = {
  locale: Locale
  dir: 'ltr' | 'rtl'
  t(key: DemoMessageKey, params?: MessageParams): string
  /** A kept status in words; a plain string (a signature) shows as it is. */
  say(said: Said | string | undefined): string | undefined
}

/** The demo's translators in `locale`; a key its catalogue lacks reads the English message. */
export function demoTranslator(locale: Locale, messages: DemoCatalogue | undefined): DemoI18n {
  const t: DemoI18n['t'] = (key, params) =>
    formatMessage(messages?.[key] ?? en[key], locale, params)
  const worded = (params: Said['params'] = {}): MessageParams =>
    Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'function' ? value(locale) : value,
      ]),
    )
  return {
    locale,
    dir: textDirection(locale),
    t,
    say: (said) => (typeof said === 'object' ? t(said.key, worded(said.params)) : said),
  }
}

// Its own module so the page's parts read the language without importing the provider.
export const DemoI18nContext = createContext<DemoI18n>(demoTranslator(DEFAULT_LOCALE, undefined))
