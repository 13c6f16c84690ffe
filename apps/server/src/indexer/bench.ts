/**
 * Figures for bench/: how fast the indexer catches up with a chain, and how long the history
 * query of one account takes on a large table. Both run on a database the caller gives (migrated;
 * PostgreSQL for the figures that matter) and print nothing.
 */
import type { ChainConfig } from '../chains/chainConfig.ts'
import type { DatabaseConfig } from '../db/config.ts'
import type { Database } from '../db/index.ts'
import { readHistory } from './history.ts'
import { ChainIndexer } from './indexer.ts'
import { createIndexerRpc } from './rpc.ts'
import { openIndexerSession } from './session.ts'

export type CatchUpFigures = {
  blocks: number
  transactions: number
  seconds: number
  blocksPerSecond: number
  transactionsPerSecond: number
}

/**
 * Indexes `chain` from its `indexFromBlock` (default 0) up to the head it has when called, on a
 * database holding nothing of that chain yet, and times it.
 *
 * @example
 * const figures = await measureIndexerCatchUp({ chain, database: config.database, db })
 * console.log(`${figures.blocksPerSecond.toFixed(0)} blocks/s`)
 */
export async function measureIndexerCatchUp(options: {
  chain: ChainConfig
  database: DatabaseConfig
  db: Database
  blocksPerStep?: number
}): Promise<CatchUpFigures> {
  const { chain, db } = options
  const [existing] = await db.query('select 1 from indexer_checkpoints where chain_id = $1', [
    chain.chainId,
  ])
  if (existing) throw new Error(`chain ${chain.chainId} is already indexed in this database`)
  const rpc = createIndexerRpc(chain.rpcUrls, {
    timeoutMs: 10_000,
    signal: new AbortController().signal,
  })
  const head = Number(await rpc.call<string>('eth_blockNumber', []))
  const silent = { info() {}, warn() {}, error() {} }
  const indexer = new ChainIndexer({
    chain,
    openSession: () => openIndexerSession(options.database, db),
    pollMs: 10,
    confirmations: 12,
    rpcTimeoutMs: 10_000,
    blocksPerStep: options.blocksPerStep ?? 100,
    log: silent,
  })
  const started = performance.now()
  indexer.start()
  try {
    for (;;) {
      const [row] = await db.query<{ block_number: string | number }>(
        'select block_number from indexer_checkpoints where chain_id = $1',
        [chain.chainId],
      )
      if (row && Number(row.block_number) >= head) break
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  } finally {
    await indexer.stop()
  }
  const seconds = (performance.now() - started) / 1000
  const [counted] = await db.query<{ count: string | number }>(
    'select count(*) from history_transactions where chain_id = $1 and block_number <= $2',
    [chain.chainId, head],
  )
  const blocks = head - (chain.indexFromBlock ?? 0) + 1
  const transactions = Number(counted?.count)
  return {
    blocks,
    transactions,
    seconds,
    blocksPerSecond: blocks / seconds,
    transactionsPerSecond: transactions / seconds,
  }
}

export type QueryFigures = { p50Ms: number; p99Ms: number; samples: number }

/** A chain id no real chain has: the synthetic rows never mix with indexed ones. */
const SYNTHETIC_CHAIN_ID = 999_999_001
const HOT_ADDRESS = `0x${'f'.repeat(40)}`

/**
 * Fills the history tables with `transactions` synthetic transactions (default 500,000: about
 * 1,000,000 history_participants rows, the table a history query walks), each one transfer
 * between two of `accounts` addresses, plus one hot address in every 100th, with generate_series.
 * Times the first page and a deep page of the hot address and the first page of an ordinary one,
 * then removes the rows. The load is most of the run: about 3 minutes per million transactions on
 * the CI machine, index and foreign-key upkeep.
 *
 * @example
 * const { hotFirstPage } = await measureHistoryQuery({ db })
 * console.log(`p99 ${hotFirstPage.p99Ms.toFixed(1)} ms`)
 */
export async function measureHistoryQuery(options: {
  db: Database
  transactions?: number
  accounts?: number
  samples?: number
}): Promise<{
  rows: number
  hotFirstPage: QueryFigures
  hotDeepPage: QueryFigures
  typical: QueryFigures
}> {
  const { db } = options
  const transactions = options.transactions ?? 500_000
  const accounts = options.accounts ?? 100_000
  const samples = options.samples ?? 200
  const chainId = SYNTHETIC_CHAIN_ID
  const address = (expression: string) => `'0x' || lpad(to_hex(${expression}), 40, '0')`
  await db.query(
    `insert into history_transactions (chain_id, block_number, tx_index, hash, block_time, sender,
       recipient, nonce, status, method_id)
     select $1, g / 100, (g % 100)::int, '0x' || lpad(to_hex(g), 64, '0'), 1700000000 + (g / 100) * 12,
       ${address('g % $3 + 1')}, ${address('(g * 7919) % $3 + 1')}, g / $3, 'confirmed', '0x'
     from generate_series(0::bigint, $2::bigint - 1) as g`,
    [chainId, transactions, accounts],
  )
  await db.query(
    `insert into history_transfers (chain_id, block_number, tx_index, position, token, sender,
       recipient, amount)
     select chain_id, block_number, tx_index, 0, null, sender, recipient, 1000000000000000000
     from history_transactions where chain_id = $1`,
    [chainId],
  )
  await db.query(
    `insert into history_participants (chain_id, block_number, tx_index, address, block_time)
     select chain_id, block_number, tx_index, sender, block_time
       from history_transactions where chain_id = $1
     union
     select chain_id, block_number, tx_index, recipient, block_time
       from history_transactions where chain_id = $1
     union
     select chain_id, block_number, tx_index, $2, block_time
       from history_transactions where chain_id = $1 and tx_index = 0`,
    [chainId, HOT_ADDRESS],
  )
  await db.query('analyze history_participants')
  await db.query('analyze history_transactions')
  await db.query('analyze history_transfers')
  try {
    const [rows] = await db.query<{ count: string | number }>(
      'select count(*) from history_participants where chain_id = $1',
      [chainId],
    )
    const time = async (query: Parameters<typeof readHistory>[1]): Promise<QueryFigures> => {
      const times: number[] = []
      for (let sample = 0; sample < samples; sample++) {
        const started = performance.now()
        await readHistory(db, query)
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0
      return { p50Ms: at(0.5), p99Ms: at(0.99), samples }
    }
    const middle = Math.floor(transactions / 200)
    return {
      rows: Number(rows?.count),
      hotFirstPage: await time({ address: HOT_ADDRESS, chainIds: [chainId], limit: 51 }),
      hotDeepPage: await time({
        address: HOT_ADDRESS,
        chainIds: [chainId],
        limit: 51,
        before: { blockTime: 1700000000 + middle * 12, blockNumber: middle, txIndex: 0, chainId },
      }),
      typical: await time({ address: `0x${'0'.repeat(39)}1`, chainIds: [chainId], limit: 51 }),
    }
  } finally {
    await db.query('delete from history_transactions where chain_id = $1', [chainId])
  }
}
