export {
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
  textDirection,
} from './locales.ts'
export { parseAcceptLanguage, pickLocale } from './pickLocale.ts'
export {
  type Catalogue,
  dateFormat,
  formatMessage,
  listFormat,
  type Message,
  type MessageParams,
  numberFormat,
  type PluralMessage,
  placeholdersOf,
} from './translate.ts'
