import type { Locale } from './locales.ts'

/** A message with a form per plural category ('one', 'few', ...), picked by `{count}`. */
export type PluralMessage = { readonly other: string } & Partial<
  Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>
>
/** A message: text with `{name}` placeholders, or plural forms of it. */
export type Message = string | PluralMessage
export type Catalogue<Key extends string = string> = Readonly<Record<Key, Message>>
export type MessageParams = Readonly<Record<string, string | number>>

// Formatters are costly to build and a render asks for many: one per locale and option set.
type Formatter = Intl.NumberFormat | Intl.PluralRules | Intl.DateTimeFormat | Intl.ListFormat
const cache = new Map<string, Formatter>()
const cached = <T extends Formatter>(key: string, build: () => T): T => {
  let formatter = cache.get(key)
  if (!formatter) {
    formatter = build()
    cache.set(key, formatter)
  }
  return formatter as T
}

export const numberFormat = (locale: Locale, options: Intl.NumberFormatOptions = {}) =>
  cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options))

export const dateFormat = (locale: Locale, options: Intl.DateTimeFormatOptions = {}) =>
  cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options))

export const listFormat = (locale: Locale, options: Intl.ListFormatOptions = {}) =>
  cached(`l|${locale}|${JSON.stringify(options)}`, () => new Intl.ListFormat(locale, options))

/**
 * A moment (seconds since 1970) in UTC, as the locale writes a date and a time, so every screen
 * that shows it agrees whatever the visitor's time zone.
 * @example formatUtcTime(1_800_000_000, 'en') // 'Jan 15, 2027, 8:00 AM UTC'
 */
export const formatUtcTime = (seconds: number, locale: Locale): string =>
  `${dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(seconds * 1000),
  )} UTC`

const pluralRules = (locale: Locale) => cached(`p|${locale}`, () => new Intl.PluralRules(locale))

/** The placeholders a message names, each once, sorted: catalogues must agree on them. */
export function placeholdersOf(message: Message): string[] {
  const forms = typeof message === 'string' ? [message] : Object.values(message)
  const names = new Set<string>()
  for (const form of forms)
    for (const match of form.matchAll(/\{(\w+)\}/g)) names.add(match[1] as string)
  return [...names].sort()
}

/**
 * The message filled in for `locale`: its plural form for `params.count`, and each `{name}`
 * replaced by its parameter, numbers written the locale's way (1 234,5 in French). A
 * placeholder without a parameter stays as written, so a missing one shows rather than vanishes.
 */
export function formatMessage(
  message: Message,
  locale: Locale,
  params: MessageParams = {},
): string {
  const count = params.count
  const text =
    typeof message === 'string'
      ? message
      : (message[pluralRules(locale).select(typeof count === 'number' ? count : Number(count))] ??
        message.other)
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name]
    if (value === undefined) return whole
    return typeof value === 'number' ? numberFormat(locale).format(value) : value
  })
}
