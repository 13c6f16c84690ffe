export { formatDecimal } from './formatDecimal.ts'
export {
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
  textDirection,
} from './locales.ts'
export {
  type DecimalValue,
  decimal,
  englishText,
  isPhrase,
  type NestedValue,
  type Phrase,
  type PhraseValue,
  type PhraseValues,
  phraseOf,
  phraseParams,
  type Text,
  type TimeValue,
} from './phrase.ts'
export { parseAcceptLanguage, pickLocale } from './pickLocale.ts'
export {
  type Catalogue,
  dateFormat,
  formatMessage,
  formatUtcTime,
  listFormat,
  type Message,
  type MessageParams,
  numberFormat,
  type PluralMessage,
  placeholdersOf,
} from './translate.ts'
