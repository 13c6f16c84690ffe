import { useContext } from 'react'
import { type DemoI18n, DemoI18nContext } from './DemoI18nContext.ts'

/** The demo page's language: `t(key, params)` for its messages, `locale` for `Intl`. */
export function useDemoI18n(): DemoI18n {
  return useContext(DemoI18nContext)
}
