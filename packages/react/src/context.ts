import type { Latch } from '@latch/core'
import { createContext, useContext } from 'react'

// Its own module so hooks and views read the instance without importing the provider, which
// imports the modal, which loads the views: they would import their own importer.
export const LatchContext = createContext<Latch | null>(null)

/** The Latch instance of the nearest LatchProvider. */
export function useLatchInstance(): Latch {
  const latch = useContext(LatchContext)
  if (!latch) throw new Error('Latch hooks must be used inside <LatchProvider>')
  return latch
}
