import type { KeyValueStorage } from './frameStore.ts'

/** A storage that lives as long as the page: used when localStorage is blocked, and in tests. */
export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value)
    },
    removeItem: (key) => {
      values.delete(key)
    },
  }
}
