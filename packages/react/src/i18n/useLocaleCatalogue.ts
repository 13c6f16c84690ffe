import type { Latch } from '@latch/core'
import { textDirection } from '@latch/protocol/i18n'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useStore } from '../hooks/useStore.ts'
import { loadCatalogue, loadMoreEnglish, type ModalCatalogue } from './catalogues.ts'
import { type I18nValue, translator } from './I18nContext.ts'

type Loaded = Pick<I18nValue, 'locale'> & { messages: ModalCatalogue | undefined }

/**
 * The instance's language with its messages loaded. The browser's languages count from mount (a
 * server render speaks the site's locale or English); until a new language's chunk arrives the
 * modal keeps speaking the previous one rather than flash English.
 */
export function useLocaleCatalogue(latch: Latch): I18nValue {
  const { locale } = useStore(latch.i18n.state)
  const [loaded, setLoaded] = useState<Loaded>({ locale: 'en', messages: undefined })
  const shown = useRef(loaded.locale)

  useEffect(() => {
    if (typeof navigator !== 'undefined') latch.i18n.followBrowser(navigator.languages ?? [])
  }, [latch])

  useEffect(() => {
    let current = true
    // English back from another language: the view on screen may need its later part.
    const loading =
      locale === 'en'
        ? shown.current === 'en'
          ? Promise.resolve(undefined)
          : loadMoreEnglish().then(() => undefined)
        : loadCatalogue(locale)
    loading.then(
      (messages) => {
        if (!current) return
        shown.current = locale
        setLoaded({ locale, messages })
      },
      // A chunk that fails to load (offline, a redeploy) leaves the modal in its last language.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [locale])

  return useMemo(
    () => ({
      locale: loaded.locale,
      dir: textDirection(loaded.locale),
      ...translator(loaded.locale, loaded.messages),
    }),
    [loaded],
  )
}
