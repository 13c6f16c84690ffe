import { formatDecimal } from './formatDecimal.ts'
import type { Locale } from './locales.ts'
import { formatMessage, formatUtcTime, type Message, type MessageParams } from './translate.ts'

/** An exact decimal amount ('0.0001'): written with the locale's separators, every digit kept. */
export type DecimalValue = { readonly decimal: string }
/** A message inside another ('Could not get a quote: {reason}'): shown in the language in turn. */
export type NestedValue = { readonly text: Text }
/** A moment (seconds since 1970): written in UTC as the locale writes a date and a time. */
export type TimeValue = { readonly utc: number }
export type PhraseValue = string | number | DecimalValue | NestedValue | TimeValue
export type PhraseValues = Readonly<Record<string, PhraseValue>>

/**
 * A message with values that the kit writes for a visitor ('Sent {amount} {symbol}'): its
 * catalogue key and values, so each language words it and writes its numbers, and its English
 * words, for logs, errors' messages and a catalogue that lacks the key.
 */
export type Phrase = {
  readonly key: string
  readonly values: PhraseValues
  readonly english: string
}

/** What a visitor reads: English words a catalogue may know as they are, or a phrase. */
export type Text = string | Phrase

export const isPhrase = (text: unknown): text is Phrase =>
  typeof text === 'object' &&
  text !== null &&
  typeof (text as Phrase).key === 'string' &&
  typeof (text as Phrase).english === 'string'

/** The English words of a text. */
export const englishText = (text: Text): string => (typeof text === 'string' ? text : text.english)

/** An exact amount as a phrase's value. */
export const decimal = (value: string): DecimalValue => ({ decimal: value })

/**
 * A phrase's values as `formatMessage` fills them in for `locale`: amounts with its separators,
 * moments as its dates, nested texts through `show` (the language's words for them).
 */
export function phraseParams(
  values: PhraseValues,
  locale: Locale,
  show: (text: Text) => string,
): MessageParams {
  const params: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value
    else if ('decimal' in value) params[name] = formatDecimal(value.decimal, locale)
    else if ('utc' in value) params[name] = formatUtcTime(value.utc, locale)
    else params[name] = show(value.text)
  }
  return params
}

/**
 * The phrase of `key` in a catalogue of English `messages`, its English words filled in.
 * @example phraseOf({ sent: 'Sent {amount} {symbol}' }, 'sent', { amount: decimal('1.5'), symbol: 'ETH' })
 */
export function phraseOf<Key extends string>(
  messages: Readonly<Record<Key, Message>>,
  key: Key,
  values: PhraseValues = {},
): Phrase {
  const english = formatMessage(messages[key], 'en', phraseParams(values, 'en', englishText))
  return { key, values, english }
}
