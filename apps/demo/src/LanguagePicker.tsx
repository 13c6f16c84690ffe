import { LOCALES } from '@latch/protocol/i18n'
import { useLatchInstance, useStore } from '@latch/react'
import { useDemoI18n } from './i18n/useDemoI18n.ts'

// Each language named in itself ('Deutsch', 'العربية'), as a visitor looks for their own.
const nameOf = (locale: string) => new Intl.DisplayNames([locale], { type: 'language' }).of(locale)

/** The modal's language: the browser's at first, then the one picked here (`latch.setLocale`). */
export function LanguagePicker() {
  const latch = useLatchInstance()
  const { locale } = useStore(latch.i18n.state)
  const { t } = useDemoI18n()
  return (
    <select
      className="language-picker"
      aria-label={t('page.language')}
      data-testid="demo-language"
      value={locale}
      onChange={(event) => latch.setLocale(event.target.value)}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {nameOf(code)}
        </option>
      ))}
    </select>
  )
}
