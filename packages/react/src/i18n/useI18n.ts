import { useContext } from 'react'
import { I18nContext, type I18nValue } from './I18nContext.ts'

/** The modal's language: `t(key, params)` for its messages, `locale` for `Intl`, `dir`. */
export function useI18n(): I18nValue {
  return useContext(I18nContext)
}
