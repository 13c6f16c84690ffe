import type { FastifyBaseLogger } from 'fastify'
import { createClient } from 'redis'

/** What a Redis call needs of the client: the commands the cache and the limiter send. */
export type RedisCommands = {
  get(key: string): Promise<string | null>
  set(
    key: string,
    value: string,
    options: { expiration: { type: 'PX'; value: number } },
  ): Promise<unknown>
  del(key: string): Promise<number>
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
  ping(): Promise<string>
}

/**
 * `ready`: answering. `connecting`: not connected yet, or reconnecting after Redis went away.
 * `unresponsive`: connected, but a call went unanswered past the timeout (a frozen Redis).
 */
export type RedisState = 'ready' | 'connecting' | 'unresponsive'

/** Redis cannot answer now: the caller falls back (in-process cache or limit) or says so. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError'
}

/** Reconnection backoff: 50 ms doubling to 2 s, plus up to 100 ms of jitter so instances spread. */
export const reconnectDelayMs = (retries: number): number =>
  Math.min(50 * 2 ** retries, 2_000) + Math.floor(Math.random() * 100)

/** A log line per kind of trouble at most this often: a Redis down for an hour logs little. */
const LOG_EVERY_MS = 30_000

/**
 * The server's one connection to Redis (REDIS_URL), shared by the cache and the gateway's rate
 * limit. Redis going away must degrade the server, never end it: every error is caught (an
 * unhandled 'error' event would end the process), the client reconnects with backoff, the server
 * starts without waiting for it, and each call is bounded by `timeoutMs`. While Redis is
 * offline or was just unresponsive, calls fail at once with a RedisUnavailableError instead of
 * each waiting out the timeout; after `timeoutMs` one call tries again.
 */
export class RedisConnection {
  readonly timeoutMs: number
  readonly #client: ReturnType<typeof createClient>
  readonly #log: FastifyBaseLogger
  #state: RedisState = 'connecting'
  #retryAfter = 0
  readonly #loggedAt = new Map<string, number>()
  #closed = false

  constructor(url: string, options: { timeoutMs: number; log: FastifyBaseLogger }) {
    this.timeoutMs = options.timeoutMs
    this.#log = options.log
    this.#client = createClient({
      url,
      // Offline, commands fail at once instead of queueing until Redis is back.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: Math.max(options.timeoutMs, 1_000),
        reconnectStrategy: reconnectDelayMs,
      },
    })
    this.#client.on('error', (error: unknown) =>
      this.#warn('error', error, 'Redis connection failed'),
    )
    this.#client.on('ready', () => {
      this.#state = 'ready'
      this.#retryAfter = 0
      this.#log.info('Redis connected')
    })
    this.#client.on('reconnecting', () => {
      this.#state = 'connecting'
    })
    this.#client.on('end', () => {
      this.#state = 'connecting'
    })
  }

  /** Connects in the background: the server starts and answers whether or not Redis is up. */
  start(): this {
    this.#client.connect().catch((error: unknown) => {
      if (!this.#closed) this.#warn('connect', error, 'Redis connection gave up')
    })
    return this
  }

  get state(): RedisState {
    return this.#state
  }

  /**
   * Runs `command` on the client within `timeoutMs`; throws a RedisUnavailableError when Redis is
   * offline, was unresponsive less than `timeoutMs` ago, or does not answer in time.
   */
  async run<Result>(command: (client: RedisCommands) => Promise<Result>): Promise<Result> {
    if (this.#state === 'connecting') throw new RedisUnavailableError('Redis is not connected')
    if (this.#state === 'unresponsive') {
      if (performance.now() < this.#retryAfter)
        throw new RedisUnavailableError('Redis is not answering')
      // This call is the probe: the calls beside it fail at once instead of all waiting on it.
      this.#retryAfter = performance.now() + this.timeoutMs
    }
    let timer: NodeJS.Timeout | undefined
    const pending = command(this.#client as unknown as RedisCommands)
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new RedisUnavailableError(`Redis did not answer within ${this.timeoutMs} ms`))
      }, this.timeoutMs)
    })
    try {
      const result = await Promise.race([pending, timedOut])
      if (this.#state === 'unresponsive') {
        this.#state = 'ready'
        this.#log.info('Redis answers again')
      }
      return result
    } catch (error) {
      if (error instanceof RedisUnavailableError) {
        // The command stays queued on the connection and is answered, or failed, later.
        pending.catch(() => {})
        if (this.#state === 'ready') this.#state = 'unresponsive'
        this.#retryAfter = performance.now() + this.timeoutMs
        this.#warn('timeout', error, 'Redis did not answer in time')
        throw error
      }
      // Offline or closed under the call: the same for the caller as never connected.
      if (!this.#client.isReady) throw new RedisUnavailableError('Redis is not connected')
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  /** Ends the connection at once: nothing the cache or the limiter sends needs a reply then. */
  async close(): Promise<void> {
    this.#closed = true
    this.#client.destroy()
  }

  #warn(kind: string, error: unknown, message: string): void {
    const now = performance.now()
    const last = this.#loggedAt.get(kind)
    if (last !== undefined && now - last < LOG_EVERY_MS) return
    this.#loggedAt.set(kind, now)
    this.#log.warn({ err: error }, message)
  }
}
