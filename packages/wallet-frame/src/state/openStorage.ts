import type { KeyValueStorage } from './frameStore.ts'
import { createMemoryStorage } from './memoryStorage.ts'

/**
 * The frame origin's localStorage, or a memory stand-in where the browser blocks storage in
 * third-party frames (reading `window.localStorage` throws there): login then lasts for the page.
 */
export function openStorage(): KeyValueStorage {
  try {
    const storage = window.localStorage
    const probe = 'latch-frame/probe'
    storage.setItem(probe, '1')
    storage.removeItem(probe)
    return storage
  } catch {
    return createMemoryStorage()
  }
}
