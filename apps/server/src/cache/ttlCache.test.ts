import { setTimeout as sleep } from 'node:timers/promises'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { BALANCE_CACHE_MS } from '../constants.ts'
import { RedisConnection } from '../redis/connection.ts'
import { MemoryTtlStore, ReadThroughCache, RedisTtlStore, type TtlStore } from './ttlCache.ts'

describe('MemoryTtlStore', () => {
  it(`serves a balance-like entry for ${BALANCE_CACHE_MS} ms, then forgets it`, async () => {
    let now = 1_000
    const store = new MemoryTtlStore({ clock: { now: () => now } })
    await store.set('balance:1:0xabc', [{ symbol: 'ETH' }], BALANCE_CACHE_MS)
    now += BALANCE_CACHE_MS - 1
    expect(await store.get('balance:1:0xabc')).toEqual([{ symbol: 'ETH' }])
    now += 2
    expect(await store.get('balance:1:0xabc')).toBeUndefined()
  })

  it('drops the least recently used entry past its size', async () => {
    const store = new MemoryTtlStore({ max: 2 })
    await store.set('a', 1, 60_000)
    await store.set('b', 2, 60_000)
    await store.get('a')
    await store.set('c', 3, 60_000)
    expect([await store.get('a'), await store.get('b'), await store.get('c')]).toEqual([
      1,
      undefined,
      3,
    ])
  })
})

describe('RedisTtlStore', () => {
  let redis: RedisConnection
  let store: RedisTtlStore
  beforeAll(async () => {
    redis = new RedisConnection(inject('redisUrl'), {
      timeoutMs: 1_000,
      log: pino({ level: 'silent' }),
    }).start()
    while (redis.state !== 'ready') await sleep(10)
    store = new RedisTtlStore(redis)
  })
  afterAll(async () => {
    await store?.close()
    await redis?.close()
  })

  it('keeps JSON values until their ttl', async () => {
    const key = `test:${Math.random()}`
    await store.set(key, { price: 1.5, list: ['x'] }, 150)
    expect(await store.get(key)).toEqual({ price: 1.5, list: ['x'] })
    await sleep(250)
    expect(await store.get(key)).toBeUndefined()
  })
})

describe('ReadThroughCache', () => {
  it('loads once for concurrent misses and serves the cached value after', async () => {
    const cache = new ReadThroughCache(new MemoryTtlStore())
    let loads = 0
    const load = async () => {
      loads++
      await sleep(20)
      return `value ${loads}`
    }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cache.get('key', load, { ttlMs: 60_000 })),
    )
    expect(answers).toEqual(Array(5).fill('value 1'))
    expect(await cache.get('key', load, { ttlMs: 60_000 })).toBe('value 1')
    expect(loads).toBe(1)
  })

  it('reloads on refresh and keeps the new value', async () => {
    const cache = new ReadThroughCache(new MemoryTtlStore())
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('key', load, { ttlMs: 60_000 })).toBe(1)
    expect(await cache.get('key', load, { ttlMs: 60_000, refresh: true })).toBe(2)
    expect(await cache.get('key', load, { ttlMs: 60_000 })).toBe(2)
  })

  it('does not keep a failed load', async () => {
    const cache = new ReadThroughCache(new MemoryTtlStore())
    await expect(
      cache.get('key', () => Promise.reject(new Error('down')), { ttlMs: 60_000 }),
    ).rejects.toThrow('down')
    expect(await cache.get('key', async () => 'up', { ttlMs: 60_000 })).toBe('up')
  })

  it('still answers, uncached, when the store fails', async () => {
    const broken: TtlStore = {
      get: () => Promise.reject(new Error('no redis')),
      set: () => Promise.reject(new Error('no redis')),
      delete: () => Promise.reject(new Error('no redis')),
      close: async () => {},
    }
    const errors: unknown[] = []
    const cache = new ReadThroughCache(broken, (error) => errors.push(error))
    expect(await cache.get('key', async () => 'fresh', { ttlMs: 60_000 })).toBe('fresh')
    expect(errors).toHaveLength(2)
  })
})
