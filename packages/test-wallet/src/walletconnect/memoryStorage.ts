import type { CoreTypes } from '@walletconnect/types'

/** The key-value storage interface @walletconnect/core persists its state through. */
export type KeyValueStorage = NonNullable<CoreTypes.Options['storage']>

/**
 * A key-value storage that lives in memory only: core's default in Node writes a database file,
 * and each test wallet must start empty and leave nothing behind.
 */
export function createMemoryStorage(): KeyValueStorage {
  const entries = new Map<string, unknown>()
  // Values are copied in and out, as a real store would, so callers never share objects.
  const copy = <T>(value: T): T => (value === undefined ? value : structuredClone(value))
  return {
    async getKeys() {
      return [...entries.keys()]
    },
    async getEntries<T = unknown>() {
      return [...entries].map(([key, value]) => [key, copy(value) as T] as [string, T])
    },
    async getItem<T = unknown>(key: string) {
      return copy(entries.get(key)) as T | undefined
    },
    async setItem<T = unknown>(key: string, value: T) {
      entries.set(key, copy(value))
    },
    async removeItem(key: string) {
      entries.delete(key)
    },
  }
}
