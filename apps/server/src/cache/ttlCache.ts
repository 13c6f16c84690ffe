import { LRUCache } from 'lru-cache'
import { createClient } from 'redis'

/** Entries kept in memory at most; the least recently used go first. */
const MEMORY_ENTRIES = 100_000

/**
 * A key-value store whose entries expire: in this process's memory, or in Redis so every server
 * instance sharing it sees one entry. Values must survive JSON (Redis stores them as text).
 */
export interface TtlStore {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown, ttlMs: number): Promise<void>
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

  async close(): Promise<void> {
    this.#entries.clear()
  }
}

/** The three commands the store needs of a Redis client. */
type RedisStrings = {
  get(key: string): Promise<string | null>
  set(
    key: string,
    value: string,
    options: { expiration: { type: 'PX'; value: number } },
  ): Promise<unknown>
  quit(): Promise<unknown>
}

export class RedisTtlStore implements TtlStore {
  readonly #client: RedisStrings

  private constructor(client: RedisStrings) {
    this.#client = client
  }

  static async connect(url: string, onError: (error: unknown) => void): Promise<RedisTtlStore> {
    // Offline, commands fail at once (a cache miss) instead of queueing until Redis is back.
    const client = createClient({ url, disableOfflineQueue: true })
    // Without a listener a dropped connection would crash the process; the client reconnects.
    client.on('error', onError)
    await client.connect()
    return new RedisTtlStore(client as unknown as RedisStrings)
  }

  async get(key: string): Promise<unknown> {
    const text = await this.#client.get(`latch:cache:${key}`)
    return text === null ? undefined : (JSON.parse(text) as unknown)
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    await this.#client.set(`latch:cache:${key}`, JSON.stringify(value), {
      expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) },
    })
  }

  async close(): Promise<void> {
    await this.#client.quit()
  }
}

/** Redis when REDIS_URL is set (shared by every instance), else in this process's memory. */
export async function createTtlStore(
  redisUrl: string | undefined,
  onError: (error: unknown) => void = () => {},
): Promise<TtlStore> {
  return redisUrl ? RedisTtlStore.connect(redisUrl, onError) : new MemoryTtlStore()
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

  close(): Promise<void> {
    return this.#store.close()
  }
}
