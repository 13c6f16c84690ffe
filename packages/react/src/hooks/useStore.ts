import type { ReadableStore } from '@latch/core'
import { useSyncExternalStore } from 'react'

/** The store's current state, re-rendering on change; the server render reads the same state. */
export function useStore<State>(store: ReadableStore<State>): State {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
