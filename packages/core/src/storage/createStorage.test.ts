import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage, createStorage, type StorageLike } from './createStorage.ts'
import { STORAGE_KEYS } from './keys.ts'

const isNumberList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number')

function failingStorage(error: Error): StorageLike {
  return {
    getItem: () => {
      throw error
    },
    setItem: () => {
      throw error
    },
    removeItem: () => {
      throw error
    },
  }
}

describe('createStorage', () => {
  it('reads back JSON it wrote, and items it removed are gone', () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    storage.setJson(STORAGE_KEYS.recentWallets, [1, 2])
    expect(storage.getJson(STORAGE_KEYS.recentWallets, isNumberList)).toEqual([1, 2])
    storage.removeItem(STORAGE_KEYS.recentWallets)
    expect(storage.getJson(STORAGE_KEYS.recentWallets, isNumberList)).toBeUndefined()
    expect(storage.getItem(STORAGE_KEYS.recentWallets)).toBeUndefined()
  })

  it('logs and never throws on quota or security errors', () => {
    const logger = vi.fn()
    const quota = new DOMException('full', 'QuotaExceededError')
    const storage = createStorage({ storage: failingStorage(quota), logger })
    expect(() => storage.setJson(STORAGE_KEYS.connections, [])).not.toThrow()
    expect(storage.getItem(STORAGE_KEYS.connections)).toBeUndefined()
    expect(() => storage.removeItem(STORAGE_KEYS.connections)).not.toThrow()
    expect(logger).toHaveBeenCalledTimes(3)
    expect(logger).toHaveBeenCalledWith(expect.stringContaining('@latch/connections'), quota)
  })

  it('logs and answers undefined for invalid JSON or an unexpected shape', () => {
    const backing = createMemoryStorage()
    const logger = vi.fn()
    const storage = createStorage({ storage: backing, logger })
    backing.setItem(STORAGE_KEYS.recentWallets, '{not json')
    expect(storage.getJson(STORAGE_KEYS.recentWallets, isNumberList)).toBeUndefined()
    backing.setItem(STORAGE_KEYS.recentWallets, '["a"]')
    expect(storage.getJson(STORAGE_KEYS.recentWallets, isNumberList)).toBeUndefined()
    expect(logger).toHaveBeenCalledTimes(2)
  })

  it('falls back to memory when localStorage is missing or refuses access', () => {
    // Node has no localStorage: the default must still work.
    const storage = createStorage({ logger: () => {} })
    storage.setItem(STORAGE_KEYS.activeNamespace, 'eip155')
    expect(storage.getItem(STORAGE_KEYS.activeNamespace)).toBe('eip155')

    const logger = vi.fn()
    const denied = new DOMException('denied', 'SecurityError')
    const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw denied
      },
    })
    try {
      const sandboxed = createStorage({ logger })
      sandboxed.setItem(STORAGE_KEYS.activeNamespace, 'solana')
      expect(sandboxed.getItem(STORAGE_KEYS.activeNamespace)).toBe('solana')
      expect(logger).toHaveBeenCalledWith(expect.any(String), denied)
    } finally {
      if (original) Object.defineProperty(globalThis, 'localStorage', original)
      else Reflect.deleteProperty(globalThis, 'localStorage')
    }
  })

  it('names every stored item under @latch/, one per namespace for per-namespace items', () => {
    const keys = Object.values(STORAGE_KEYS).map((key) =>
      typeof key === 'function' ? key('solana') : key,
    )
    expect(keys.every((key) => key.startsWith('@latch/'))).toBe(true)
    expect(new Set(keys).size).toBe(keys.length)
    expect(STORAGE_KEYS.activeNetworkId('eip155')).not.toBe(STORAGE_KEYS.activeNetworkId('solana'))
  })
})
