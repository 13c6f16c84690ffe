import { DEFAULT_LOCALE, type Locale } from '@latch/protocol/i18n'
import { useLatchInstance, useStore } from '@latch/react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { loadDemoCatalogue } from './catalogues.ts'
import { DemoI18nContext, demoTranslator } from './DemoI18nContext.ts'
import type { DemoCatalogue } from './en.ts'
import { applyPageLanguage } from './pageLanguage.ts'

type Loaded = { locale: Locale; messages: DemoCatalogue | undefined }

/**
 * The demo page in the kit's language (`latch.i18n.state`: the browser's, then the picker's), its
 * messages loaded. Until a new language's chunk arrives the page keeps the previous one rather than
 * flash English, as the modal does.
 */
export function DemoI18nProvider({ children }: { children: ReactNode }) {
  const latch = useLatchInstance()
  const { locale } = useStore(latch.i18n.state)
  const [loaded, setLoaded] = useState<Loaded>({ locale: DEFAULT_LOCALE, messages: undefined })

  useEffect(() => {
    let current = true
    const loading = locale === 'en' ? Promise.resolve(undefined) : loadDemoCatalogue(locale)
    loading.then(
      (messages) => {
        if (current) setLoaded({ locale, messages })
      },
      // A chunk that fails to load (offline, a redeploy) leaves the page in its last language.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [locale])

  const value = useMemo(() => demoTranslator(loaded.locale, loaded.messages), [loaded])
  useEffect(() => applyPageLanguage(value.locale, value.t('page.brand')), [value])
  return <DemoI18nContext.Provider value={value}>{children}</DemoI18nContext.Provider>
}
