import type { Latch } from '@latch/core'
import { createContext, type ReactNode, useContext } from 'react'

const LatchContext = createContext<Latch | null>(null)

/** Makes one Latch instance (from `createLatch`) available to the kit's hooks and views. */
export function LatchProvider({ latch, children }: { latch: Latch; children: ReactNode }) {
  return <LatchContext.Provider value={latch}>{children}</LatchContext.Provider>
}

/** The Latch instance of the nearest LatchProvider. */
export function useLatch(): Latch {
  const latch = useContext(LatchContext)
  if (!latch) throw new Error('useLatch must be used inside <LatchProvider>')
  return latch
}
