export { createI18n, type I18nController, type I18nState } from './createI18n.ts'
export { type CoreMessageKey, coreEnglish, phrase } from './phrases.ts'
