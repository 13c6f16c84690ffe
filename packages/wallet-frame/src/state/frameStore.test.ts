import { describe, expect, it } from 'vitest'
import { createFrameStore } from './frameStore.ts'
import { createMemoryStorage } from './memoryStorage.ts'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('createFrameStore', () => {
  it('creates the device id once: 32 random bytes, base64url', () => {
    const storage = createMemoryStorage()
    const id = createFrameStore(storage).deviceId()
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(createFrameStore(storage).deviceId()).toBe(id)
    expect(storage.getItem('latch-frame/device-id')).toBe(JSON.stringify(id))
    expect(createFrameStore(createMemoryStorage()).deviceId()).not.toBe(id)
  })

  it('keeps the session until it expires', () => {
    let now = Date.parse('2030-01-01T00:00:00Z')
    const storage = createMemoryStorage()
    const store = createFrameStore(storage, { now: () => now })
    const session = { token: 't', expiresAt: '2030-01-01T01:00:00Z', address } as const
    store.setSession(session)
    expect(createFrameStore(storage, { now: () => now }).session()).toEqual(session)
    now = Date.parse('2030-01-01T01:00:00Z')
    expect(store.session()).toBeNull()
    expect(storage.getItem('latch-frame/session')).toBeNull()
  })

  it('reads malformed entries as absent', () => {
    const storage = createMemoryStorage()
    storage.setItem('latch-frame/session', '{"token":5}')
    storage.setItem('latch-frame/chain-id', '"1"')
    storage.setItem('latch-frame/theme', '{not json')
    storage.setItem('latch-frame/social-flow', '{"flowId":"x"}')
    const store = createFrameStore(storage)
    expect(store.session()).toBeNull()
    expect(store.chainId()).toBeUndefined()
    expect(store.theme()).toBeUndefined()
    expect(store.socialFlow()).toBeUndefined()
  })

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {},
    }
    const store = createFrameStore(broken)
    store.setChainId(10)
    expect(store.chainId()).toBeUndefined()
    expect(store.deviceId()).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
