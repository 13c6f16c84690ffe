import { setTimeout as sleep } from 'node:timers/promises'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedis } from '../../../../scripts/redis.ts'
import { RedisConnection, RedisUnavailableError } from './connection.ts'

// A Redis of this file's own, frozen with SIGSTOP as a stuck Redis would be: the signal reaches
// no other test.

const TIMEOUT_MS = 200
const CALLS = 10

describe('RedisConnection with Redis frozen', () => {
  let redis: RedisServer
  let connection: RedisConnection
  beforeAll(async () => {
    redis = await startRedis()
    connection = new RedisConnection(redis.url, {
      timeoutMs: TIMEOUT_MS,
      log: pino({ level: 'silent' }),
    }).start()
    while (connection.state !== 'ready') await sleep(10)
  })
  afterAll(async () => {
    if (redis) process.kill(redis.pid, 'SIGCONT')
    await connection?.close()
    await redis?.stop()
  })

  /** How long a call took to fail, or to answer. */
  const timedGet = async () => {
    const started = performance.now()
    const outcome = await connection
      .run((client) => client.get('probe'))
      .then(
        () => 'answered',
        (error: unknown) =>
          error instanceof RedisUnavailableError ? 'unavailable' : String(error),
      )
    return { outcome, ms: performance.now() - started }
  }

  it('sends one probe once the retry time is past: the calls beside it answer at once', async () => {
    process.kill(redis.pid, 'SIGSTOP')
    const first = await timedGet()
    expect(first.outcome).toBe('unavailable')
    expect(first.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5)
    expect(connection.state).toBe('unresponsive')
    // Meanwhile every call fails at once.
    expect((await timedGet()).ms).toBeLessThan(50)

    await sleep(TIMEOUT_MS + 20)
    const wave = await Promise.all(Array.from({ length: CALLS }, timedGet))
    const total = wave.reduce((sum, { ms }) => sum + ms, 0)
    const waited = wave.filter(({ ms }) => ms >= TIMEOUT_MS - 5)
    console.info(
      `Redis frozen, ${CALLS} calls after the retry time: ${waited.length} waited the ` +
        `${TIMEOUT_MS} ms timeout, ${Math.round(total)} ms waited in all`,
    )
    expect(wave.every(({ outcome }) => outcome === 'unavailable')).toBe(true)
    // One probe waits out the timeout; the others do not wait for it.
    expect(waited).toHaveLength(1)
    expect(total).toBeLessThan(TIMEOUT_MS + CALLS * 20)

    // Redis resumes: the next probe gets through and every call is served again.
    process.kill(redis.pid, 'SIGCONT')
    await sleep(TIMEOUT_MS + 20)
    expect((await timedGet()).outcome).toBe('answered')
    expect(connection.state).toBe('ready')
    const after = await Promise.all(Array.from({ length: CALLS }, timedGet))
    expect(after.every(({ outcome }) => outcome === 'answered')).toBe(true)
  })
})
