export { createI18n, type I18nController, type I18nState } from './createI18n.ts'
