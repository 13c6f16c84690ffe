import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { HistoryResponse } from '@latch/protocol'
import { type Hex, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type PostgresServer, startPostgres } from '../../../scripts/postgres.ts'
import { type Config, chainsOfDevnet } from '../src/config.ts'
import { type Database, openDatabase } from '../src/db/index.ts'
import { migrate } from '../src/db/migrate.ts'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/db/unavailable.ts'
import { devnetRpc, devnetWallet, waitForIndexed } from './devnetTx.ts'
import { newDeviceId, newEmail, walletCall } from './embeddedFixtures.ts'
import { type FrozenUpstream, startFrozenUpstream } from './frozenUpstream.fixture.ts'
import { freshDatabaseConfig, startTestServer, type TestServer } from './helpers.ts'
import { chainA, chainB } from './namesFixtures.ts'
import { signedSiwx, siwxCall } from './siwxFixtures.ts'

// Faults under the server: an indexer killed, PostgreSQL restarted, a chain's RPC refusing
// connections, and a chain's RPC too slow to answer. Each test starts what it breaks (a process,
// a PostgreSQL, a proxy in front of the chain); the shared ones are never stopped.

const devnet = inject('devnet')
const CHAIN_A = `eip155:${chainA.chainId}`
const CHAIN_B = `eip155:${chainB.chainId}`

const children = new Set<ChildProcess>()
// This file's own PostgreSQL (initdb takes seconds) starts while the first tests run.
let postgresStarting: Promise<PostgresServer>
beforeAll(() => {
  postgresStarting = startPostgres()
  postgresStarting.catch(() => {})
})
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
})

// The indexer as the server runs it (ChainIndexer on its own locked session), in a process of
// its own that starts in seconds: the whole server through tsx takes 20 s on a loaded machine.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const indexerFixture = fileURLToPath(
  new URL('../src/indexer/child-indexer.fixture.ts', import.meta.url),
)

/** Starts an indexer process on `env`; resolves once it says it is indexing. */
function startIndexerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    'setpriv',
    ['--pdeathsig', 'KILL', process.execPath, '--import', tsx, indexerFixture, '100'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  )
  children.add(child)
  child.once('exit', () => children.delete(child))
  return new Promise((resolve, reject) => {
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('indexing')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`the indexer exited with ${code}: ${stderr}`)))
  })
}

/** Answers how long `send` took along with what it answered. */
async function timed<Answer>(send: () => Promise<Answer>): Promise<{ answer: Answer; ms: number }> {
  const started = performance.now()
  const answer = await send()
  return { answer, ms: Math.round(performance.now() - started) }
}

/** Waits until `check` holds, up to `withinMs`; answers how long it took. */
async function waitFor(check: () => Promise<boolean>, withinMs: number, what: string) {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > withinMs)
      throw new Error(`${what}: not within ${withinMs} ms`)
    await sleep(10)
  }
  return Math.round(performance.now() - started)
}

describe('the indexer holder killed with SIGKILL', () => {
  const POLL_MS = 200
  // Beyond one poll: PostgreSQL noticing the dead connection and the survivor's lock query.
  const HANDOVER_BOUND_MS = 1_000
  let database: Extract<Config['database'], { dialect: 'postgres' }>
  let db: Database
  let survivor: TestServer | undefined
  beforeAll(async () => {
    const config = await freshDatabaseConfig('postgres')
    if (config.dialect !== 'postgres') throw new Error('expected PostgreSQL')
    database = config
    db = await openDatabase(database)
    await migrate(db)
  })
  afterAll(async () => {
    await survivor?.close()
    await db?.close()
  })

  /** The backend holding the chain's indexer lock in this database, if any. */
  const holder = async (): Promise<number | undefined> => {
    const [row] = await db.query<{ pid: number }>(
      `select a.pid from pg_stat_activity a join pg_locks l on l.pid = a.pid
       where a.application_name = 'latch-indexer' and a.datname = current_database()
         and l.locktype = 'advisory' and l.granted`,
    )
    return row?.pid
  }

  it('another instance takes the lock within a poll and a bound; history has no gap and no duplicate', async () => {
    // A sender of this test's own, so its nonces are nobody else's.
    const senderKey = generatePrivateKey()
    await devnetRpc(chainA.rpcUrl, 'anvil_setBalance', [
      privateKeyToAddress(senderKey),
      toHex(parseEther('100')),
    ])
    const sender = devnetWallet(chainA, senderKey)
    const recipient = privateKeyToAddress(generatePrivateKey())
    const transfer = async (ether: string) => {
      const hash = await sender.wallet.sendTransaction({ to: recipient, value: parseEther(ether) })
      return sender.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    }
    // Indexed from the head on: no catch-up of what other tests mined.
    const head = Number(await sender.client.getBlockNumber({ cacheTime: 0 }))
    const chains = chainsOfDevnet(devnet)
      .filter((chain) => chain.chainId === chainA.chainId)
      .map((chain) => ({ ...chain, indexFromBlock: head }))
    const env = {
      LATCH_CHAINS: JSON.stringify(chains),
      INDEXER_ENABLED: 'true',
      INDEXER_POLL_MS: String(POLL_MS),
    }
    const victim = await startIndexerProcess({ ...env, DATABASE_URL: database.url })
    const exited = new Promise((resolve) => victim.once('exit', (_code, signal) => resolve(signal)))
    await waitFor(async () => (await holder()) !== undefined, 10_000, 'the victim locks the chain')
    const victimPid = await holder()
    survivor = await startTestServer('postgres', env, database)

    const before = [await transfer('0.1'), await transfer('0.2')]
    await waitForIndexed(db, chainA.chainId, before[1]?.blockNumber ?? 0n)

    victim.kill('SIGKILL')
    const killedAt = performance.now()
    // Sent while no instance holds the lock.
    const during = [await transfer('0.3'), await transfer('0.4')]
    await waitFor(
      async () => {
        const pid = await holder()
        return pid !== undefined && pid !== victimPid
      },
      POLL_MS + HANDOVER_BOUND_MS,
      'the survivor takes the lock',
    )
    const handoverMs = Math.round(performance.now() - killedAt)
    expect(await exited).toBe('SIGKILL')
    const after = [await transfer('0.5'), await transfer('0.6')]
    await waitForIndexed(db, chainA.chainId, after[1]?.blockNumber ?? 0n)

    const response = await survivor.app.inject({
      url: `/v1/account/${recipient}/history?projectId=latch-dev`,
    })
    const listed = (response.json() as HistoryResponse).data.map((entry) => entry.metadata.hash)
    expect(listed).toEqual(
      [...before, ...during, ...after].map((receipt) => receipt.transactionHash).reverse(),
    )
    const [twice] = await db.query<{ count: string }>(
      `select count(*) from (select hash from history_transactions
         group by chain_id, hash having count(*) > 1) as duplicates`,
    )
    expect(Number(twice?.count)).toBe(0)
    console.info(
      `Indexer holder SIGKILLed: the other instance held the lock ${handoverMs} ms later ` +
        `(INDEXER_POLL_MS ${POLL_MS} + bound ${HANDOVER_BOUND_MS}); 6 transfers listed once`,
    )
  }, 60_000)
})

describe('PostgreSQL restarted mid-traffic', () => {
  let postgres: PostgresServer
  let server: TestServer
  beforeAll(async () => {
    postgres = await postgresStarting
    server = await startTestServer('postgres', {}, { dialect: 'postgres', url: postgres.url })
  })
  afterAll(async () => {
    await server?.close()
    await postgres?.stop()
  })

  it('answers 503 with a plain message while it is down, says so in /health, loses nothing and recovers by itself', async () => {
    const signIn = await siwxCall(server, 'POST', 'verify', {
      body: await signedSiwx(server, chainA.chainId),
    })
    expect(signIn.statusCode, signIn.body).toBe(200)
    const { token, session } = signIn.json()

    // Traffic throughout: a nonce (a database write) every few milliseconds.
    const seen: { status: number; message?: string }[] = []
    let traffic = true
    const loop = (async () => {
      while (traffic) {
        const response = await siwxCall(server, 'GET', 'nonce')
        seen.push({ status: response.statusCode, message: response.json().message })
        await sleep(15)
      }
    })()
    await sleep(100)
    const haltMs = (await timed(() => postgres.halt())).ms

    const during = await Promise.all([
      siwxCall(server, 'GET', 'nonce'),
      siwxCall(server, 'GET', 'session', { token }),
      server.app.inject({
        url: `/v1/account/${privateKeyToAddress(generatePrivateKey())}/history?projectId=latch-dev`,
      }),
      walletCall(server, 'email/start', {
        email: newEmail('pg-down'),
        deviceId: newDeviceId(),
        projectId: 'latch-dev',
      }),
    ])
    for (const response of during) {
      expect(response.statusCode, response.body).toBe(503)
      expect(response.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE)
    }
    const health = await server.app.inject({ url: '/health' })
    expect(health.statusCode).toBe(503)
    expect(health.json()).toMatchObject({
      status: 'degraded',
      database: { ok: false, dialect: 'postgres' },
    })
    expect(health.json().chains.every((chain: { ok: boolean }) => chain.ok)).toBe(true)

    postgres = await startPostgres({ dataDir: postgres.dataDir, port: postgres.port })
    const recoveredMs = await waitFor(
      async () => (await siwxCall(server, 'GET', 'nonce')).statusCode === 200,
      10_000,
      'a nonce after the restart',
    )
    await sleep(50)
    traffic = false
    await loop

    // Only answers or 503s, never a 500 or the driver's words; then answers again.
    expect(seen.some(({ status }) => status === 503)).toBe(true)
    for (const answer of seen) {
      expect([200, 503]).toContain(answer.status)
      if (answer.status === 503) expect(answer.message).toBe(DATABASE_UNAVAILABLE_MESSAGE)
    }
    expect(seen.at(-1)?.status).toBe(200)
    // The session acknowledged before the restart is there after it.
    const kept = await siwxCall(server, 'GET', 'session', { token })
    expect(kept.statusCode).toBe(200)
    expect(kept.json()).toEqual(session)
    expect((await server.app.inject({ url: '/health' })).json().database.ok).toBe(true)
    console.info(
      `PostgreSQL restarted (halt ${haltMs} ms): ${seen.length} nonces under traffic, ` +
        `${seen.filter(({ status }) => status === 503).length} answered 503; answering again ` +
        `${recoveredMs} ms after it was back`,
    )
  })
})

describe("a chain's RPC refusing connections, then too slow to answer", () => {
  // A 60 s outage in production; the behaviour does not depend on its length, so 1 s here.
  const OUTAGE_MS = 1_000
  const RPC_TIMEOUT_MS = 1_000
  const IN_FLIGHT = 4
  const QUEUED = 4
  let upstream: FrozenUpstream
  let server: TestServer
  beforeAll(async () => {
    upstream = await startFrozenUpstream(chainA.rpcUrl)
    const chains = chainsOfDevnet(devnet).map((chain) =>
      chain.chainId === chainA.chainId ? { ...chain, rpcUrls: [upstream.url] } : chain,
    )
    server = await startTestServer('postgres', {
      LATCH_CHAINS: JSON.stringify(chains),
      RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
      RPC_RATE_LIMIT: '100000',
      UPSTREAM_MAX_IN_FLIGHT: String(IN_FLIGHT),
      UPSTREAM_MAX_QUEUED: String(QUEUED),
    })
  })
  afterAll(async () => {
    upstream?.thaw()
    await server?.close()
    await upstream?.close()
  })

  const holder = privateKeyToAddress(generatePrivateKey())
  const balance = (chain: string) =>
    server.app.inject({
      url: `/v1/account/${holder}/balance?projectId=latch-dev&chainId=${chain}&forceUpdate=true`,
    })
  const gateway = (address: Hex = privateKeyToAddress(generatePrivateKey())) =>
    server.app.inject({
      method: 'POST',
      url: `/v1?projectId=latch-dev&chainId=${CHAIN_A}`,
      payload: { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] },
    })

  it('answers at once while the RPC refuses connections, and again as soon as it is back', async () => {
    expect((await balance(CHAIN_A)).statusCode).toBe(200)
    await upstream.refuse()
    const figures: number[] = []
    const downUntil = performance.now() + OUTAGE_MS
    while (performance.now() < downUntil) {
      const [read, rpc] = await Promise.all([timed(() => balance(CHAIN_A)), timed(() => gateway())])
      expect(read.answer.statusCode).toBe(503)
      expect(read.answer.json().message).toBe(
        `Token balances unavailable: ${CHAIN_A} did not answer`,
      )
      expect(rpc.answer.statusCode).toBe(200)
      expect(rpc.answer.json().error.message).toMatch(/^Upstream unavailable: upstream /)
      // Refused is known at once: nothing waits for the RPC timeout.
      expect(read.ms).toBeLessThan(500)
      expect(rpc.ms).toBeLessThan(500)
      figures.push(Math.max(read.ms, rpc.ms))
      await sleep(100)
    }
    await upstream.accept()
    const back = await timed(() => balance(CHAIN_A))
    expect(back.answer.statusCode, back.answer.body).toBe(200)
    expect((await gateway()).json().result).toBe('0x0')
    console.info(
      `RPC refusing for ${OUTAGE_MS} ms: ${figures.length} rounds, slowest ${Math.max(...figures)} ms; ` +
        `first balance after it came back ${back.ms} ms`,
    )
  })

  it(`bounds the calls waiting on a frozen RPC at ${IN_FLIGHT} + ${QUEUED}; the rest are turned away busy, and other routes stay fast`, async () => {
    expect((await balance(CHAIN_A)).statusCode).toBe(200)
    upstream.freeze()
    const held = upstream.held()
    const burst = Array.from({ length: 30 }, () => timed(() => gateway()))
    const read = timed(() => balance(CHAIN_A))
    await sleep(200)
    // What does not use the frozen RPC answers at once while the burst waits.
    const [health, other, nonce] = await Promise.all([
      timed(() => server.app.inject({ url: '/health' })),
      timed(() => balance(CHAIN_B)),
      timed(() => siwxCall(server, 'GET', 'nonce')),
    ])
    expect(upstream.held() - held).toBeLessThanOrEqual(IN_FLIGHT)
    expect(health.ms).toBeLessThan(500)
    expect(health.answer.json()).toMatchObject({ status: 'degraded', database: { ok: true } })
    const chains = health.answer.json().chains as { caipNetworkId: string; ok: boolean }[]
    expect(chains.find((chain) => chain.caipNetworkId === CHAIN_A)?.ok).toBe(false)
    expect(chains.find((chain) => chain.caipNetworkId === CHAIN_B)?.ok).toBe(true)
    expect(other.answer.statusCode).toBe(200)
    expect(other.ms).toBeLessThan(500)
    expect(nonce.answer.statusCode).toBe(200)
    expect(nonce.ms).toBeLessThan(500)

    const answers = await Promise.all(burst)
    const busy = answers.filter(({ answer }) =>
      /is busy: too many calls are waiting for it/.test(answer.json().error?.message ?? ''),
    )
    // Past the running and queued ones, at once; the queued ones time out of the queue busy too.
    const atOnce = busy.filter(({ ms }) => ms < 500)
    expect(atOnce.length).toBeGreaterThanOrEqual(30 - IN_FLIGHT - QUEUED)
    // Every call is answered within two RPC timeouts: its own wait in the queue, then its call.
    for (const { answer, ms } of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.json().error.message).toMatch(/^Upstream unavailable/)
      expect(ms).toBeLessThan(2 * RPC_TIMEOUT_MS + 1_000)
    }
    expect((await read).answer.statusCode).toBe(503)
    upstream.thaw()
    await waitFor(async () => (await balance(CHAIN_A)).statusCode === 200, 5_000, 'back')
    console.info(
      `RPC frozen under 30 gateway calls (${IN_FLIGHT} running, ${QUEUED} queued at most): ` +
        `${atOnce.length} turned away busy in at most ${Math.max(...atOnce.map(({ ms }) => ms))} ms ` +
        `(${busy.length} busy in all); ` +
        `/health ${health.ms} ms, the other chain's balance ${other.ms} ms, a nonce ${nonce.ms} ms`,
    )
  })
})
