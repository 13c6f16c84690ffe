import type { Latch } from '@latch/core'
import { type ReactNode, useEffect } from 'react'
import { LatchContext } from './context.ts'
import { I18nContext } from './i18n/I18nContext.ts'
import { useLocaleCatalogue } from './i18n/useLocaleCatalogue.ts'
import { LatchModal } from './modal/LatchModal.tsx'

/**
 * Puts one Latch instance (from `createLatch`) in reach of the kit's hooks and renders its modal.
 * The session is restored after mount, so a server render never touches window.
 */
export function LatchProvider({ latch, children }: { latch: Latch; children: ReactNode }) {
  useEffect(() => {
    void latch.start()
  }, [latch])
  const i18n = useLocaleCatalogue(latch)
  return (
    <LatchContext.Provider value={latch}>
      <I18nContext.Provider value={i18n}>
        {children}
        <LatchModal />
      </I18nContext.Provider>
    </LatchContext.Provider>
  )
}
