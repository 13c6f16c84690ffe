import type { Latch } from '@latch/core'
import { textDirection } from '@latch/protocol/i18n'
import { useEffect, useMemo, useState } from 'react'
import { useStore } from '../hooks/useStore.ts'
import { loadCatalogue, type ModalCatalogue } from './catalogues.ts'
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

  useEffect(() => {
    if (typeof navigator !== 'undefined') latch.i18n.followBrowser(navigator.languages ?? [])
  }, [latch])

  useEffect(() => {
    let current = true
    loadCatalogue(locale).then(
      (messages) => {
        if (current) setLoaded({ locale, messages })
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
