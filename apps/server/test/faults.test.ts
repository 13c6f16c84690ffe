import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { HistoryResponse } from '@latch/protocol'
import { type Hex, parseEther, toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type PostgresServer, startPostgres } from '../../../scripts/postgres.ts'
import { type Config, chainsOfDevnet } from '../src/config.ts'
import { BALANCE_CACHE_MS } from '../src/constants.ts'
import { type Database, openDatabase } from '../src/db/index.ts'
import { migrate } from '../src/db/migrate.ts'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/db/unavailable.ts'
import { devnetRpc, devnetWallet, waitForIndexed } from './devnetTx.ts'
import { loginByEmail, newDeviceId, newEmail, walletCall } from './embeddedFixtures.ts'
import { type FrozenUpstream, startFrozenUpstream } from './frozenUpstream.fixture.ts'
import { freshDatabaseConfig, startTestServer, type TestServer } from './helpers.ts'
import { chainA, chainB } from './namesFixtures.ts'
import { signedSiwx, siwxCall } from './siwxFixtures.ts'

// Faults under the server: an indexer killed, PostgreSQL restarted under two instances, a chain's
// RPC refusing connections for 60 s of the server's clock, and a chain's RPC too slow to answer.
// Each test starts what it breaks (a process, a PostgreSQL, a proxy in front of the chain); the
// shared ones are never stopped.

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

/**
 * Transfers of chain A's ether, sent straight to the devnet, from a sender of the test's own (so
 * its nonces are nobody else's) to a fresh recipient; and chain A alone as LATCH_CHAINS, indexed
 * from the head on (no catch-up of what other tests mined), its RPC at `rpcUrl` when given.
 */
async function transfersToIndex(rpcUrl?: string) {
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
  const head = Number(await sender.client.getBlockNumber({ cacheTime: 0 }))
  const chains = chainsOfDevnet(devnet)
    .filter((chain) => chain.chainId === chainA.chainId)
    .map((chain) => ({ ...chain, indexFromBlock: head, ...(rpcUrl && { rpcUrls: [rpcUrl] }) }))
  return { recipient, transfer, chains }
}

/** The hashes `server`'s history lists for `address`, newest first; and that none is stored twice. */
async function listedOnce(server: TestServer, address: Hex): Promise<Hex[]> {
  const response = await server.app.inject({
    url: `/v1/account/${address}/history?projectId=latch-dev`,
  })
  expect(response.statusCode, response.body).toBe(200)
  const [twice] = await server.db.query<{ count: string }>(
    `select count(*) from (select hash from history_transactions
       group by chain_id, hash having count(*) > 1) as duplicates`,
  )
  expect(Number(twice?.count)).toBe(0)
  return (response.json() as HistoryResponse).data.map((entry) => entry.metadata.hash as Hex)
}

describe('the indexer holder killed with SIGKILL', () => {
  const POLL_MS = 200
  // From the kill to another instance holding the lock: at most one INDEXER_POLL_MS (the
  // survivor's next try) plus this. The kernel closes the killed process's socket at once, and
  // PostgreSQL, whose backend sits waiting on it, ends that session and frees its advisory lock
  // within milliseconds; the rest is the survivor's lock query, this test's own 10 ms poll of
  // pg_locks, and timers late on a loaded 2-core machine (the survivor shares this process).
  // A backend kept alive past the kill (no socket close seen) would blow it by tens of seconds.
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
    const { recipient, transfer, chains } = await transfersToIndex()
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
    // Timed from the kill: the wait runs while the next transfers are sent, not after them.
    const handover = waitFor(
      async () => {
        const pid = await holder()
        return pid !== undefined && pid !== victimPid
      },
      POLL_MS + HANDOVER_BOUND_MS,
      'the survivor takes the lock',
    )
    handover.catch(() => {})
    // Sent as the holder dies: mined while no instance, or only the new one, holds the lock.
    const during = [await transfer('0.3'), await transfer('0.4')]
    const handoverMs = await handover
    expect(handoverMs).toBeLessThanOrEqual(POLL_MS + HANDOVER_BOUND_MS)
    expect(await exited).toBe('SIGKILL')
    const after = [await transfer('0.5'), await transfer('0.6')]
    await waitForIndexed(db, chainA.chainId, after[1]?.blockNumber ?? 0n)

    expect(await listedOnce(survivor, recipient)).toEqual(
      [...before, ...during, ...after].map((receipt) => receipt.transactionHash).reverse(),
    )
    console.info(
      `Indexer holder SIGKILLed: the other instance held the lock ${handoverMs} ms later ` +
        `(INDEXER_POLL_MS ${POLL_MS} + bound ${HANDOVER_BOUND_MS}); 6 transfers listed once`,
    )
  }, 60_000)
})

describe('PostgreSQL restarted mid-traffic, under two instances', () => {
  let postgres: PostgresServer
  let a: TestServer
  let b: TestServer
  beforeAll(async () => {
    postgres = await postgresStarting
    const database = { dialect: 'postgres' as const, url: postgres.url }
    // One key for both, as deployed: each decrypts the embedded wallets the other made.
    const env = { WALLET_MASTER_KEY: randomBytes(32).toString('hex') }
    a = await startTestServer('postgres', env, database)
    b = await startTestServer('postgres', env, database)
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    await postgres?.stop()
  })

  /** A personal_sign by the embedded wallet of `token` at `server`, checked against `address`. */
  const signs = async (server: TestServer, token: string, address: Hex) => {
    const signed = await walletCall(
      server,
      'rpc',
      {
        method: 'personal_sign',
        params: [toHex('After the restart'), address],
        chainId: chainA.chainId,
      },
      { token },
    )
    expect(signed.statusCode, signed.body).toBe(200)
    return verifyMessage({ address, message: 'After the restart', signature: signed.json().result })
  }

  it('answers 503 with a plain message at both while it is down, says so in /health, keeps everything it acknowledged and recovers by itself', async () => {
    // Acknowledged with 200 before the restart: a SIWX session opened at A, a nonce B issued and
    // nobody used yet, an embedded wallet's session made at A.
    const signIn = await siwxCall(a, 'POST', 'verify', {
      body: await signedSiwx(b, chainA.chainId),
    })
    expect(signIn.statusCode, signIn.body).toBe(200)
    const { token, session } = signIn.json()
    const pending = await signedSiwx(b, chainA.chainId)
    const wallet = await loginByEmail(a)

    // Traffic throughout, at both: a nonce (a database write) every few milliseconds.
    const seen: { status: number; message?: string; nonce?: string }[] = []
    let traffic = true
    const loop = (async () => {
      for (let turn = 0; traffic; turn++) {
        const response = await siwxCall(turn % 2 === 0 ? a : b, 'GET', 'nonce')
        const body = response.json()
        seen.push({ status: response.statusCode, message: body.message, nonce: body.nonce })
        await sleep(15)
      }
    })()
    await sleep(100)
    const haltMs = (await timed(() => postgres.halt())).ms

    for (const server of [a, b]) {
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
    }

    postgres = await startPostgres({ dataDir: postgres.dataDir, port: postgres.port })
    const recoveredMs = await waitFor(
      async () =>
        (await Promise.all([a, b].map((server) => siwxCall(server, 'GET', 'nonce')))).every(
          (response) => response.statusCode === 200,
        ),
      10_000,
      'a nonce at both after the restart',
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

    // Every nonce answered with 200, before, during or after the restart, is stored.
    const acknowledged = seen.flatMap(({ status, nonce }) =>
      status === 200 && nonce ? [nonce] : [],
    )
    const [stored] = await a.db.query<{ count: string }>(
      'select count(*) from siwx_nonces where nonce = any($1)',
      [acknowledged],
    )
    expect(Number(stored?.count)).toBe(acknowledged.length)
    // The session holds at either instance; B's unused nonce signs in at A, once.
    for (const server of [b, a]) {
      const kept = await siwxCall(server, 'GET', 'session', { token })
      expect(kept.statusCode).toBe(200)
      expect(kept.json()).toEqual(session)
    }
    expect((await siwxCall(a, 'POST', 'verify', { body: pending })).statusCode).toBe(200)
    const replay = await siwxCall(b, 'POST', 'verify', { body: pending })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().message).toMatch(/^Nonce already used/)
    // The embedded wallet's session and its stored key sign at either instance.
    expect(await signs(b, wallet.sessionToken, wallet.user.address)).toBe(true)
    expect(await signs(a, wallet.sessionToken, wallet.user.address)).toBe(true)
    for (const server of [a, b])
      expect((await server.app.inject({ url: '/health' })).json().database.ok).toBe(true)
    console.info(
      `PostgreSQL restarted under two instances (halt ${haltMs} ms): ${seen.length} nonces under ` +
        `traffic, ${seen.filter(({ status }) => status === 503).length} answered 503, ` +
        `${acknowledged.length} acknowledged and all kept; both answering again ${recoveredMs} ms ` +
        'after it was back',
    )
  })
})

/** A balance read at `server`, from its cache unless `forceUpdate`. */
const balanceAt = (server: TestServer, holder: Hex, chain: string, forceUpdate: boolean) =>
  server.app.inject({
    url: `/v1/account/${holder}/balance?projectId=latch-dev&chainId=${chain}${forceUpdate ? '&forceUpdate=true' : ''}`,
  })

/** The ether `response`'s balances list (0 when none). */
const etherIn = (response: {
  json(): { balances: { symbol: string; quantity: { numeric: string } }[] }
}) => response.json().balances.find((entry) => entry.symbol === 'ETH')?.quantity.numeric ?? '0'

/** An eth_getBalance through `server`'s JSON-RPC gateway on chain A. */
const gatewayAt = (server: TestServer, address: Hex = privateKeyToAddress(generatePrivateKey())) =>
  server.app.inject({
    method: 'POST',
    url: `/v1?projectId=latch-dev&chainId=${CHAIN_A}`,
    payload: { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] },
  })

describe("a chain's RPC down for 60 s of the server's clock, the indexer on", () => {
  // The outage lasts 60 s on the clock the server's caches read, moved on 12 s a round; nothing
  // else in the path keeps time (a circuit probes on every call, the indexer retries every poll),
  // so the real seconds in between are only what the calls take.
  const OUTAGE_MS = 60_000
  const ROUNDS = 5
  const POLL_MS = 200
  let skippedMs = 0
  const clock = () => performance.now() + skippedMs
  let upstream: FrozenUpstream
  let server: TestServer
  let sends: Awaited<ReturnType<typeof transfersToIndex>>
  beforeAll(async () => {
    upstream = await startFrozenUpstream(chainA.rpcUrl)
    sends = await transfersToIndex(upstream.url)
    server = await startTestServer(
      'postgres',
      {
        LATCH_CHAINS: JSON.stringify(sends.chains),
        RPC_TIMEOUT_MS: '1000',
        RPC_RATE_LIMIT: '100000',
        INDEXER_ENABLED: 'true',
        INDEXER_POLL_MS: String(POLL_MS),
      },
      undefined,
      {},
      { now: clock },
    )
  })
  afterAll(async () => {
    await server?.close()
    await upstream?.close()
  })

  it('serves the cached balance for its 30 s, then a 503 naming the chain; /health names it; back without a restart, the indexer filling the gap', async () => {
    const { recipient, transfer } = sends
    const holder = privateKeyToAddress(generatePrivateKey())
    await devnetRpc(chainA.rpcUrl, 'anvil_setBalance', [holder, toHex(parseEther('1'))])
    const before = await transfer('0.1')
    await waitForIndexed(server.db, chainA.chainId, before.blockNumber)
    const cached = await balanceAt(server, holder, CHAIN_A, false)
    expect(cached.statusCode, cached.body).toBe(200)
    expect(etherIn(cached)).toBe('1')

    await upstream.refuse()
    // What happens on the chain meanwhile: the holder's balance changes, transfers are mined.
    await devnetRpc(chainA.rpcUrl, 'anvil_setBalance', [holder, toHex(parseEther('2'))])
    const during = []
    const figures: number[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      skippedMs += OUTAGE_MS / ROUNDS
      const downForMs = (round * OUTAGE_MS) / ROUNDS
      during.push(await transfer(`0.${round + 1}`))
      const [read, rpc] = await Promise.all([
        timed(() => balanceAt(server, holder, CHAIN_A, false)),
        timed(() => gatewayAt(server)),
      ])
      if (downForMs < BALANCE_CACHE_MS) {
        // Within the balance's 30 s, the cached answer, as the chain said it last.
        expect(read.answer.statusCode, `${downForMs} ms: ${read.answer.body}`).toBe(200)
        expect(etherIn(read.answer)).toBe('1')
      } else {
        expect(read.answer.statusCode, `${downForMs} ms: ${read.answer.body}`).toBe(503)
        expect(read.answer.json().message).toBe(
          `Token balances unavailable: ${CHAIN_A} did not answer`,
        )
      }
      expect(rpc.answer.statusCode).toBe(200)
      expect(rpc.answer.json().error.message).toMatch(/^Upstream unavailable: upstream /)
      // Refused is known at once: nothing waits for the RPC timeout.
      expect(read.ms).toBeLessThan(500)
      expect(rpc.ms).toBeLessThan(500)
      figures.push(Math.max(read.ms, rpc.ms))
    }
    const health = await server.app.inject({ url: '/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toMatchObject({
      status: 'degraded',
      database: { ok: true },
      chains: [
        { caipNetworkId: CHAIN_A, ok: false, error: expect.stringMatching(/^RPC unavailable: /) },
      ],
    })
    const downError = health.json().chains[0].error as string

    await upstream.accept()
    // A background call (the indexer's poll, the health check) may have asked the node just
    // before it came back: a read waiting on that call's refusal is refused too. The next read,
    // a moment later, reaches the node: back within a second, without a restart.
    const back = await timed(async () => {
      const deadline = performance.now() + 1_000
      for (;;) {
        const answer = await balanceAt(server, holder, CHAIN_A, false)
        if (answer.statusCode === 200 || performance.now() > deadline) return answer
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })
    expect(back.answer.statusCode, back.answer.body).toBe(200)
    expect(etherIn(back.answer)).toBe('2')
    expect((await gatewayAt(server, holder)).json().result).toBe(toHex(parseEther('2')))
    expect((await server.app.inject({ url: '/health' })).json()).toMatchObject({
      status: 'ok',
      chains: [{ caipNetworkId: CHAIN_A, ok: true }],
    })
    const after = await transfer('0.9')
    const caughtUp = await timed(() => waitForIndexed(server.db, chainA.chainId, after.blockNumber))
    expect(await listedOnce(server, recipient)).toEqual(
      [before, ...during, after].map((receipt) => receipt.transactionHash).reverse(),
    )
    console.info(
      `RPC refusing for ${OUTAGE_MS / 1000} s of the server's clock (${ROUNDS} rounds): slowest ` +
        `answer ${Math.max(...figures)} ms; /health said "${downError}"; first balance after it ` +
        `came back ${back.ms} ms; indexer caught up on ${during.length + 1} transfers in ${caughtUp.ms} ms`,
    )
  })
})

describe("a chain's RPC too slow to answer", () => {
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
  const balance = (chain: string) => balanceAt(server, holder, chain, true)
  const gateway = () => gatewayAt(server)

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
    // Every call is answered within one RPC timeout, its wait in the queue and its call together.
    for (const { answer, ms } of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.json().error.message).toMatch(/^Upstream unavailable/)
      expect(ms).toBeLessThan(RPC_TIMEOUT_MS + 500)
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
