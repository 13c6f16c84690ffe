import {
  DEFAULT_LOCALE,
  formatMessage,
  type Locale,
  type MessageParams,
} from '@latch/protocol/i18n'
import { createContext } from 'react'
import { englishOf, loadedEnglish, type ModalCatalogue } from './catalogues.ts'
import type { MessageKey } from './en.ts'

export type Translate = (key: MessageKey, params?: MessageParams) => string
export type I18nValue = {
  locale: Locale
  dir: 'ltr' | 'rtl'
  t: Translate
  /**
   * A message core wrote in English (a snackbar, an alert, an error's plain words) in the modal's
   * language when the catalogue has it, else as written.
   */
  known(english: string): string
}

const keyOf = (english: string): MessageKey | undefined => {
  const messages = loadedEnglish()
  return (Object.keys(messages) as MessageKey[]).find((key) => messages[key] === english)
}

/** The translators of `locale`; a key its catalogue lacks reads the English message. */
export function translator(
  locale: Locale,
  messages: ModalCatalogue | undefined,
): Pick<I18nValue, 't' | 'known'> {
  const t: Translate = (key, params) =>
    formatMessage(messages?.[key] ?? englishOf(key) ?? key, locale, params)
  return {
    t,
    known: (english) => {
      const key = messages && keyOf(english)
      return key ? t(key) : english
    },
  }
}

// Its own module so views read the language without importing the provider (which imports them).
export const I18nContext = createContext<I18nValue>({
  locale: DEFAULT_LOCALE,
  dir: 'ltr',
  ...translator(DEFAULT_LOCALE, undefined),
})
