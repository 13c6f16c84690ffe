import { LRUCache } from 'lru-cache'
import { type RedisConnection, RedisUnavailableError } from '../redis/connection.ts'

/** Entries kept in memory at most; the least recently used go first. */
const MEMORY_ENTRIES = 100_000

/**
 * A key-value store whose entries expire: in this process's memory, or in Redis so every server
 * instance sharing it sees one entry. Values must survive JSON (Redis stores them as text).
 */
export interface TtlStore {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown, ttlMs: number): Promise<void>
  delete(key: string): Promise<void>
  close(): Promise<void>
}

/** The clock the memory store reads; tests pass their own. */
export type Clock = { now(): number }

export class MemoryTtlStore implements TtlStore {
  readonly #entries: LRUCache<string, { value: unknown }>

  constructor(options: { clock?: Clock; max?: number } = {}) {
    this.#entries = new LRUCache({
      max: options.max ?? MEMORY_ENTRIES,
      // Every entry is set with its own ttl; this only turns ttl tracking on.
      ttl: 60_000,
      // A given clock is read at every get (no 1 ms reuse of the last reading).
      ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
    })
  }

  async get(key: string): Promise<unknown> {
    return this.#entries.get(key)?.value
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    this.#entries.set(key, { value }, { ttl: ttlMs })
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key)
  }

  async close(): Promise<void> {
    this.#entries.clear()
  }
}

/**
 * Entries in Redis, shared by every instance. While Redis cannot answer (down, frozen, not
 * connected yet) entries are read and written in this process's memory instead, so the cache
 * keeps sparing the chains; once Redis answers again it is the store again (an entry written
 * meanwhile lives on in memory only until its ttl).
 */
export class RedisTtlStore implements TtlStore {
  readonly #redis: RedisConnection
  readonly #fallback: MemoryTtlStore

  constructor(redis: RedisConnection, fallback = new MemoryTtlStore()) {
    this.#redis = redis
    this.#fallback = fallback
  }

  async get(key: string): Promise<unknown> {
    try {
      const text = await this.#redis.run((client) => client.get(`latch:cache:${key}`))
      return text === null ? undefined : (JSON.parse(text) as unknown)
    } catch (error) {
      if (error instanceof RedisUnavailableError) return this.#fallback.get(key)
      throw error
    }
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    try {
      await this.#redis.run((client) =>
        client.set(`latch:cache:${key}`, JSON.stringify(value), {
          expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) },
        }),
      )
    } catch (error) {
      if (error instanceof RedisUnavailableError) return this.#fallback.set(key, value, ttlMs)
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await this.#fallback.delete(key)
    await this.#redis.run((client) => client.del(`latch:cache:${key}`))
  }

  // The connection is the server's, closed with it.
  async close(): Promise<void> {
    await this.#fallback.close()
  }
}

/**
 * Redis when the server has a connection to it (REDIS_URL), else in this process's memory. `clock`
 * is what memory entries expire by (Redis's expire by Redis's own clock).
 */
export function createTtlStore(redis: RedisConnection | undefined, clock?: Clock): TtlStore {
  const memory = new MemoryTtlStore(clock ? { clock } : {})
  return redis ? new RedisTtlStore(redis, memory) : memory
}

/**
 * Read-through caching over a TtlStore. Concurrent misses of one key in this process share one
 * load; a store that fails (Redis down) is logged and skipped, so callers still get an answer.
 */
export class ReadThroughCache {
  readonly #store: TtlStore
  readonly #onStoreError: (error: unknown) => void
  readonly #loading = new Map<string, Promise<unknown>>()

  constructor(store: TtlStore, onStoreError: (error: unknown) => void = () => {}) {
    this.#store = store
    this.#onStoreError = onStoreError
  }

  /**
   * The cached value of `key`, or what `load` gives (then kept `ttlMs`, or what `ttlOf` says for
   * that value). `refresh` skips the cached value and any load already under way.
   */
  async get<Value>(
    key: string,
    load: () => Promise<Value>,
    options: { ttlMs: number | ((value: Value) => number); refresh?: boolean },
  ): Promise<Value> {
    if (!options.refresh) {
      const cached = await this.#store.get(key).catch((error: unknown) => {
        this.#onStoreError(error)
        return undefined
      })
      if (cached !== undefined) return cached as Value
      const pending = this.#loading.get(key)
      if (pending) return pending as Promise<Value>
    }
    const loading = load().then(async (value) => {
      const ttlMs = typeof options.ttlMs === 'function' ? options.ttlMs(value) : options.ttlMs
      await this.#store.set(key, value, ttlMs).catch(this.#onStoreError)
      return value
    })
    this.#loading.set(key, loading)
    try {
      return await loading
    } finally {
      if (this.#loading.get(key) === loading) this.#loading.delete(key)
    }
  }

  /** Drops the cached value of `key`: the next `get` loads it. */
  async forget(key: string): Promise<void> {
    await this.#store.delete(key).catch(this.#onStoreError)
  }

  close(): Promise<void> {
    return this.#store.close()
  }
}
