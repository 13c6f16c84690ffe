/** The languages the kit ships a catalogue for; English is the source and the fallback. */
export const LOCALES = [
  'en',
  'ar',
  'zh',
  'ja',
  'ko',
  'es',
  'pt',
  'fr',
  'de',
  'ru',
  'tr',
  'hi',
] as const

export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'en'

/** Languages written right to left: the modal mirrors its layout for them. */
const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar'])

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** `rtl` for Arabic, `ltr` for the rest: the value of the modal root's `dir` attribute. */
export const textDirection = (locale: Locale): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr'
