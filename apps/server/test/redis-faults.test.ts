import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type RedisServer, startRedis } from '../../../scripts/redis.ts'
import { ProjectStore } from '../src/projects.ts'
import { startTestServer, type TestServer } from './helpers.ts'
import { misSignedRegistration } from './namesFixtures.ts'

// Redis shared by two server instances goes away, comes back, and freezes. Each instance must keep
// answering (its own cache and limit meanwhile), start without Redis, say in /health what Redis
// is doing, and share again once Redis is back. A Redis of this file's own, so signals reach
// no other test.

const devnet = inject('devnet')
const chain = devnet.chains[0] as (typeof devnet.chains)[number]
const CHAIN = `eip155:${chain.chainId}`
const USDC = chain.tokens.find((token) => token.symbol === 'USDC')?.address
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const REDIS_TIMEOUT_MS = 200
const RATE = 6
const NAME_WRITES = 2

/** Each call of the gateway test gets its own project, so their limits never meet. */
async function addProject(servers: TestServer[], id: string) {
  for (const server of servers)
    await new ProjectStore(server.db).upsert({ id, name: id, allowedOrigins: [] })
}

const rpc = (server: TestServer, projectId: string, calls = 1) =>
  server.app.inject({
    method: 'POST',
    url: `/v1?chainId=${CHAIN}&projectId=${projectId}`,
    payload:
      calls === 1
        ? { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
        : Array.from({ length: calls }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })),
  })

/** The routes the cache or the limit sit in front of, each with how long it took. */
async function readThroughRedis(server: TestServer, projectId: string) {
  const timed = async (name: string, send: () => Promise<{ statusCode: number }>) => {
    const started = performance.now()
    const response = await send()
    return { name, status: response.statusCode, ms: Math.round(performance.now() - started) }
  }
  return Promise.all([
    timed('balance', () =>
      server.app.inject({
        url: `/v1/account/${ADDRESS}/balance?projectId=latch-dev&chainId=${CHAIN}`,
      }),
    ),
    timed('gateway', () => rpc(server, projectId)),
    timed('prices', () =>
      server.app.inject({
        method: 'POST',
        url: '/v1/fungible/price',
        payload: { projectId: 'latch-dev', currency: 'usd', addresses: [`${CHAIN}:${USDC}`] },
      }),
    ),
    timed('identity', () =>
      server.app.inject({ url: `/v1/identity/${ADDRESS}?projectId=latch-dev` }),
    ),
  ])
}

const health = async (server: TestServer) =>
  (await server.app.inject({ url: '/health' })).json() as {
    status: string
    redis?: { ok: boolean; state: string }
  }

/** Waits until `check` holds, up to `withinMs`; answers how long it took. */
async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`)
    await sleep(25)
  }
  return Math.round(performance.now() - started)
}

describe('Redis restarted and frozen under two server instances', () => {
  let redis: RedisServer
  let first: TestServer
  let second: TestServer
  let env: Record<string, string>
  beforeAll(async () => {
    redis = await startRedis()
    env = {
      REDIS_URL: redis.url,
      REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
      RPC_RATE_LIMIT: String(RATE),
      NAMES_WRITES_PER_MINUTE: String(NAME_WRITES),
    }
    first = await startTestServer('pglite', env)
    second = await startTestServer('pglite', env)
    // The instances connect in the background: wait until Redis is theirs.
    for (const server of [first, second])
      await waitFor(async () => (await health(server)).redis?.ok !== false, 5_000)
  })
  afterAll(async () => {
    if (redis) process.kill(redis.pid, 'SIGCONT')
    await Promise.all([first?.close(), second?.close()])
    await redis?.stop()
  })

  it('keeps answering when Redis dies, starts without it, and shares again once it is back', async () => {
    await addProject([first, second], 'before')
    expect((await rpc(first, 'before', 3)).statusCode).toBe(200)
    expect((await rpc(second, 'before', 3)).statusCode).toBe(200)
    expect((await rpc(first, 'before')).statusCode).toBe(429)

    process.kill(redis.pid, 'SIGKILL')
    await waitFor(async () => (await health(first)).redis?.state === 'connecting', 2_000)
    for (const server of [first, second]) {
      const answers = await readThroughRedis(server, 'latch-dev')
      expect(answers.map(({ name, status }) => [name, status])).toEqual([
        ['balance', 200],
        ['gateway', 200],
        ['prices', 200],
        ['identity', 200],
      ])
      expect(await health(server)).toMatchObject({
        status: 'degraded',
        redis: { ok: false, state: 'connecting' },
      })
    }
    // Meanwhile each instance holds the limit on its own.
    await addProject([first, second], 'during')
    expect((await rpc(first, 'during', RATE)).statusCode).toBe(200)
    expect((await rpc(second, 'during', RATE)).statusCode).toBe(200)
    expect((await rpc(first, 'during')).statusCode).toBe(429)

    // A third instance starts and answers with Redis down.
    const starting = performance.now()
    const third = await startTestServer('pglite', env, undefined, {}, { awaitRedis: false })
    const startMs = Math.round(performance.now() - starting)
    try {
      // Before, a start waited for Redis until Fastify's plugin timeout (10 s), then failed.
      expect(startMs).toBeLessThan(8_000)
      expect((await rpc(third, 'latch-dev')).statusCode).toBe(200)
    } finally {
      await third.close()
    }

    const restarted = await startRedis({ port: redis.port })
    redis = restarted
    const backMs = await Promise.all(
      [first, second].map((server) =>
        waitFor(async () => (await health(server)).redis?.ok === true, 5_000),
      ),
    )
    await addProject([first, second], 'after')
    expect((await rpc(first, 'after', 3)).statusCode).toBe(200)
    expect((await rpc(second, 'after', 3)).statusCode).toBe(200)
    expect((await rpc(first, 'after')).statusCode).toBe(429)
    expect((await health(second)).status).toBe('ok')
    console.info(
      `Redis killed: both instances answered 200; a third started in ${startMs} ms without it; ` +
        `back in /health ${backMs.join(' and ')} ms after the restart, limit shared again`,
    )
  })

  it('answers within its bounds while Redis is frozen, says so in /health, and recovers', async () => {
    await addProject([first, second], 'frozen')
    // Warm: the answers below come from the chain or the cache, not from a first lookup.
    await readThroughRedis(first, 'frozen')
    await readThroughRedis(second, 'frozen')

    process.kill(redis.pid, 'SIGSTOP')
    const figures: string[] = []
    for (const server of [first, second]) {
      for (let round = 0; round < 3; round++) {
        const answers = await readThroughRedis(server, 'frozen')
        for (const { name, status, ms } of answers) {
          expect(status, name).toBe(200)
          // One Redis timeout at most, and room for the chain read behind a cache miss.
          expect(ms, name).toBeLessThan(REDIS_TIMEOUT_MS + 1_000)
        }
        figures.push(answers.map(({ name, ms }) => `${name} ${ms}`).join(', '))
      }
    }
    const healthStarted = performance.now()
    expect(await health(first)).toMatchObject({
      status: 'degraded',
      redis: { ok: false, state: 'unresponsive' },
    })
    const healthMs = Math.round(performance.now() - healthStarted)
    expect(healthMs).toBeLessThan(REDIS_TIMEOUT_MS + 1_000)

    process.kill(redis.pid, 'SIGCONT')
    const backMs = await waitFor(async () => (await health(first)).redis?.ok === true, 3_000)
    const after = await readThroughRedis(second, 'frozen')
    expect(after.every(({ status }) => status === 200)).toBe(true)
    console.info(
      `Redis frozen: answers in ms per round (${figures.join(' | ')}); /health said unresponsive ` +
        `in ${healthMs} ms; ok again ${backMs} ms after SIGCONT; then ${after.map(({ name, ms }) => `${name} ${ms}`).join(', ')}`,
    )
  })

  it('answers through a Redis restart under traffic; the per-IP name-write limit holds per instance meanwhile, then is shared again', async () => {
    let ips = 0
    const ip = () => `192.0.2.${++ips}`
    const write = async (server: TestServer, from: string) =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/v1/profile/account?projectId=latch-dev',
          payload: await misSignedRegistration(),
          remoteAddress: from,
        })
      ).statusCode
    // Balances through the cache at both instances, all the while.
    const statuses: number[] = []
    let traffic = true
    const loop = (async () => {
      for (let round = 0; traffic; round++) {
        const server = round % 2 === 0 ? first : second
        const answer = await server.app.inject({
          url: `/v1/account/${ADDRESS}/balance?projectId=latch-dev&chainId=${CHAIN}`,
        })
        statuses.push(answer.statusCode)
        await sleep(20)
      }
    })()

    process.kill(redis.pid, 'SIGKILL')
    await waitFor(async () => (await health(first)).redis?.state === 'connecting', 2_000)
    await waitFor(async () => (await health(second)).redis?.state === 'connecting', 2_000)
    const alone = ip()
    expect([await write(first, alone), await write(first, alone)]).toEqual([401, 401])
    expect(await write(first, alone)).toBe(429)
    expect(await write(second, alone)).toBe(401)

    redis = await startRedis({ port: redis.port })
    for (const server of [first, second])
      await waitFor(async () => (await health(server)).redis?.ok === true, 5_000)
    const shared = ip()
    expect([await write(first, shared), await write(second, shared)]).toEqual([401, 401])
    expect(await write(first, shared)).toBe(429)
    traffic = false
    await loop
    expect(statuses.length).toBeGreaterThan(5)
    expect(new Set(statuses)).toEqual(new Set([200]))
  })
})
