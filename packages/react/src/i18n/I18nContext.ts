import {
  DEFAULT_LOCALE,
  formatMessage,
  type Locale,
  type MessageParams,
  type Phrase,
  phraseParams,
  type Text,
} from '@latch/protocol/i18n'
import { createContext } from 'react'
import { englishOf, keyOfEnglish, type ModalCatalogue } from './catalogues.ts'
import type { MessageKey } from './en.ts'

export type Translate = (key: MessageKey, params?: MessageParams) => string
export type I18nValue = {
  locale: Locale
  dir: 'ltr' | 'rtl'
  t: Translate
  /**
   * A message core wrote (a snackbar, an alert, an error's plain words) in the modal's language:
   * English words the catalogue has, or a phrase with values worded and its amounts written for
   * the language; else as written in English.
   */
  known(text: Text): string
}

/** The translators of `locale`; a key its catalogue lacks reads the English message. */
export function translator(
  locale: Locale,
  messages: ModalCatalogue | undefined,
): Pick<I18nValue, 't' | 'known'> {
  const t: Translate = (key, params) =>
    formatMessage(messages?.[key] ?? englishOf(key) ?? key, locale, params)
  // English, or a language whose catalogue lacks the key: the phrase's own English words.
  const worded = (phrase: Phrase): string => {
    const message = messages?.[phrase.key as MessageKey]
    return message === undefined
      ? phrase.english
      : formatMessage(message, locale, phraseParams(phrase.values, locale, known))
  }
  const known = (text: Text): string => {
    if (typeof text !== 'string') return worded(text)
    const key = messages && keyOfEnglish(text)
    return key ? t(key) : text
  }
  return { t, known }
}

// Its own module so views read the language without importing the provider (which imports them).
export const I18nContext = createContext<I18nValue>({
  locale: DEFAULT_LOCALE,
  dir: 'ltr',
  ...translator(DEFAULT_LOCALE, undefined),
})
