import type { Latch } from '@latch/core'
import { createContext, type ReactNode, useContext, useEffect } from 'react'
import { LatchModal } from './modal/LatchModal.tsx'

const LatchContext = createContext<Latch | null>(null)

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

/** The Latch instance of the nearest LatchProvider. */
export function useLatchInstance(): Latch {
  const latch = useContext(LatchContext)
  if (!latch) throw new Error('Latch hooks must be used inside <LatchProvider>')
  return latch
}
