import type { DevnetChain, HistoryResponse } from '@latch/protocol'
import { type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { devnetWallet, waitForIndexed } from '../../test/devnetTx.ts'
import { freshDatabaseConfig, startTestServer, type TestServer } from '../../test/helpers.ts'
import type { Config } from '../config.ts'

const devnet = inject('devnet')
const chain = devnet.chains[0] as DevnetChain
// Account 9 is this file's on the shared devnet; it only sends, it never reverts anything.
const funder = devnetWallet(chain, devnet.accounts[9]?.privateKey as string)
const ENV = { INDEXER_ENABLED: 'true', INDEXER_POLL_MS: '50' }

let database: Config['database']
let first: TestServer
let second: TestServer
let firstClosed = false

beforeAll(async () => {
  database = await freshDatabaseConfig('postgres')
  // The first instance takes every chain's lock before the second starts.
  first = await startTestServer('postgres', ENV, database)
  await waitForSessions(first, { sessions: devnet.chains.length, locks: devnet.chains.length })
  second = await startTestServer('postgres', ENV, database)
})

afterAll(async () => {
  if (!firstClosed) await first?.close()
  await second?.close()
})

/** Indexer connections to this database, and how many advisory locks they hold. */
async function indexerSessions(server: TestServer) {
  const [row] = await server.db.query<{ sessions: string; locks: string }>(
    `select count(distinct a.pid) as sessions,
       count(l.pid) filter (where l.locktype = 'advisory' and l.granted) as locks
     from pg_stat_activity a left join pg_locks l on l.pid = a.pid
     where a.application_name = 'latch-indexer' and a.datname = current_database()`,
  )
  return { sessions: Number(row?.sessions), locks: Number(row?.locks) }
}

async function waitForSessions(server: TestServer, expected: { sessions: number; locks: number }) {
  const deadline = Date.now() + 10_000
  while (JSON.stringify(await indexerSessions(server)) !== JSON.stringify(expected)) {
    if (Date.now() > deadline) {
      throw new Error(`indexer sessions: ${JSON.stringify(await indexerSessions(server))}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function history(server: TestServer, address: string): Promise<HistoryResponse> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/v1/account/${address}/history?projectId=latch-dev`,
  })
  return response.json() as HistoryResponse
}

async function send(to: Hex, ether: string) {
  const hash = await funder.wallet.sendTransaction({ to, value: parseEther(ether) })
  return funder.client.waitForTransactionReceipt({ hash })
}

describe('two server instances on one PostgreSQL database', () => {
  it('index each chain once: one instance holds its lock, no row is written twice', async () => {
    // Both instances keep a session per chain; only the first's hold the chains' locks.
    await waitForSessions(first, {
      sessions: 2 * devnet.chains.length,
      locks: devnet.chains.length,
    })
    for (const { chainId } of devnet.chains) {
      const [row] = await first.db.query<{ taken: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as taken',
        [`latch-indexer:${chainId}`],
      )
      expect(row?.taken).toBe(false)
    }

    const account = privateKeyToAccount(generatePrivateKey()).address
    const receipt = await send(account, '1.25')
    await waitForIndexed(first.db, chain.chainId, receipt.blockNumber)
    for (const server of [first, second]) {
      const body = await history(server, account)
      expect(body.data.map((transaction) => transaction.metadata.hash)).toEqual([
        receipt.transactionHash,
      ])
    }
    const [duplicates] = await first.db.query<{ count: string }>(
      `select count(*) from (select hash from history_transactions
         group by chain_id, hash having count(*) > 1) as twice`,
    )
    expect(Number(duplicates?.count)).toBe(0)
  })

  it('hands the chains over when the instance holding the locks stops', async () => {
    await first.close()
    firstClosed = true
    // Closing released the first instance's locks; the second takes every chain's.
    await waitForSessions(second, { sessions: devnet.chains.length, locks: devnet.chains.length })

    const account = privateKeyToAccount(generatePrivateKey()).address
    const receipts = [await send(account, '0.5'), await send(account, '0.75')]
    await waitForIndexed(second.db, chain.chainId, receipts[1]?.blockNumber ?? 0n)
    const body = await history(second, account)
    expect(body.data.map((transaction) => transaction.transfers[0]?.quantity.numeric)).toEqual([
      '0.75',
      '0.5',
    ])
  })
})
