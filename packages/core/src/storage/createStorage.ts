import type { StorageKey } from './keys.ts'

/** The part of the Web Storage API the kit uses; `localStorage` fits, so does a Map-backed stand-in. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Told about a storage failure the kit swallowed: storage failures are only logged. */
export type StorageLogger = (message: string, error: unknown) => void

export type StorageOptions = {
  /** Defaults to `globalThis.localStorage` when usable, else an in-memory store. */
  storage?: StorageLike
  /** Defaults to `console.warn`. */
  logger?: StorageLogger
}

/** A type guard for a stored JSON value, so callers never trust what another tab or version wrote. */
export type StoredValueGuard<T> = (value: unknown) => value is T

export type LatchStorage = {
  getItem(key: StorageKey): string | undefined
  setItem(key: StorageKey, value: string): void
  removeItem(key: StorageKey): void
  /** The parsed value, or undefined when missing, not JSON, or refused by `guard`. */
  getJson<T>(key: StorageKey, guard: StoredValueGuard<T>): T | undefined
  setJson(key: StorageKey, value: unknown): void
}

/** A Storage-like kept in memory: the fallback for SSR and for browsers that refuse localStorage. */
export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value))
    },
    removeItem: (key) => {
      items.delete(key)
    },
  }
}

/**
 * Wraps a Storage-like so that no failure (quota, SecurityError, invalid JSON) ever throws:
 * each is logged and the call answers as if the item were missing.
 * @example createStorage().setJson(STORAGE_KEYS.recentWallets, [])
 */
export function createStorage(options: StorageOptions = {}): LatchStorage {
  const log = options.logger ?? ((message, error) => console.warn(`[latch] ${message}`, error))
  const storage = options.storage ?? defaultStorage(log)

  function attempt<T>(what: string, run: () => T): T | undefined {
    try {
      return run()
    } catch (error) {
      log(what, error)
      return undefined
    }
  }

  const getItem = (key: StorageKey) =>
    attempt(`Could not read ${key} from storage`, () => storage.getItem(key)) ?? undefined

  return {
    getItem,
    setItem(key, value) {
      attempt(`Could not write ${key} to storage`, () => storage.setItem(key, value))
    },
    removeItem(key) {
      attempt(`Could not remove ${key} from storage`, () => storage.removeItem(key))
    },
    getJson<T>(key: StorageKey, guard: StoredValueGuard<T>) {
      const raw = getItem(key)
      if (raw === undefined) return undefined
      const value: unknown = attempt(`Could not parse ${key} from storage`, () => JSON.parse(raw))
      if (value === undefined) return undefined
      if (guard(value)) return value
      log(`Ignored ${key} from storage: unexpected shape`, value)
      return undefined
    },
    setJson(key, value) {
      attempt(`Could not write ${key} to storage`, () =>
        storage.setItem(key, JSON.stringify(value)),
      )
    },
  }
}

// Looked up per instance, never at import: SSR has no localStorage, and reading it can throw a
// SecurityError in sandboxed frames or with storage disabled.
function defaultStorage(log: StorageLogger): StorageLike {
  try {
    const local = globalThis.localStorage as StorageLike | undefined
    if (local) return local
  } catch (error) {
    log('localStorage is not available; keeping state in memory', error)
  }
  return createMemoryStorage()
}
