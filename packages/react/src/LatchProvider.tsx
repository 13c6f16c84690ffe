import type { Latch } from '@latch/core'
import { type ReactNode, useEffect } from 'react'
import { LatchContext } from './context.ts'
import { LatchModal } from './modal/LatchModal.tsx'

/**
 * Puts one Latch instance (from `createLatch`) in reach of the kit's hooks and renders its modal.
 * The session is restored after mount, so a server render never touches window.
 */
export function LatchProvider({ latch, children }: { latch: Latch; children: ReactNode }) {
  useEffect(() => {
    void latch.start()
  }, [latch])
  return (
    <LatchContext.Provider value={latch}>
      {children}
      <LatchModal />
    </LatchContext.Provider>
  )
}
