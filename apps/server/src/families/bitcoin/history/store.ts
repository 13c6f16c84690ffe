import type { Database, Queryable } from '../../../db/index.ts'
import type { AddressPart } from './addressPart.ts'

/** A driver gives bigint and numeric columns as a string (pg) or a number or bigint (PGlite). */
type Numeric = string | number | bigint

/** Where a page starts: after this transaction of the newest-first order. */
export type BitcoinHistoryPosition = { height: number; seq: number }

/** A confirmed transaction as the sync stores it, with the address's part in it. */
export type SyncedTransaction = AddressPart & {
  txid: string
  blockHeight: number
  blockHash: string
  blockTime: number
  fee: bigint
}

export type StoredBitcoinTransaction = SyncedTransaction & { chain: string; seq: number }

export async function readSyncState(
  db: Queryable,
  chain: string,
  address: string,
): Promise<{ newestTxid: string; newestBlockHash: string } | undefined> {
  const [row] = await db.query<{ newest_txid: string; newest_block_hash: string }>(
    'select newest_txid, newest_block_hash from bitcoin_address_sync where chain = $1 and address = $2',
    [chain, address],
  )
  return row ? { newestTxid: row.newest_txid, newestBlockHash: row.newest_block_hash } : undefined
}

/**
 * Writes a sync of one address in one transaction: its new (or re-mined) transactions, oldest
 * first after the newest stored, and its newest one. `coveredAbove`: the API listed every
 * transaction of the address above this height, so a stored one there that it did not list left
 * the chain (a reorg) and is dropped from the address's history. Rows already there are updated
 * in place, so a sync that a crash or another instance interrupted is simply done again.
 */
export async function writeSync(
  db: Database,
  sync: {
    chain: string
    address: string
    /** Newest first, as the API lists them. */
    transactions: readonly SyncedTransaction[]
    coveredAbove: number
  },
): Promise<void> {
  const { chain, address, transactions } = sync
  const newest = transactions[0]
  await db.transaction(async (tx) => {
    await tx.query(
      `delete from bitcoin_address_transactions
        where chain = $1 and address = $2 and block_height > $3 and not (txid = any($4))`,
      [chain, address, sync.coveredAbove, transactions.map((entry) => entry.txid)],
    )
    const [last] = await tx.query<{ seq: Numeric | null }>(
      'select max(seq) as seq from bitcoin_address_transactions where chain = $1 and address = $2',
      [chain, address],
    )
    let seq = Number(last?.seq ?? 0)
    for (const entry of transactions.toReversed()) {
      await tx.query(
        `insert into bitcoin_transactions (chain, txid, block_height, block_hash, block_time, fee)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (chain, txid) do update set block_height = excluded.block_height,
           block_hash = excluded.block_hash, block_time = excluded.block_time`,
        [
          chain,
          entry.txid,
          entry.blockHeight,
          entry.blockHash,
          entry.blockTime,
          entry.fee.toString(),
        ],
      )
      seq += 1
      await tx.query(
        `insert into bitcoin_address_transactions
           (chain, address, txid, block_height, seq, sent, received, counterparty, to_self)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (chain, address, txid) do update set block_height = excluded.block_height`,
        [
          chain,
          address,
          entry.txid,
          entry.blockHeight,
          seq,
          entry.sent.toString(),
          entry.received.toString(),
          entry.counterparty,
          entry.toSelf,
        ],
      )
    }
    if (newest)
      await tx.query(
        `insert into bitcoin_address_sync (chain, address, newest_txid, newest_block_hash)
         values ($1, $2, $3, $4)
         on conflict (chain, address) do update set newest_txid = excluded.newest_txid,
           newest_block_hash = excluded.newest_block_hash, synced_at = now()`,
        [chain, address, newest.txid, newest.blockHash],
      )
  })
}

/** A page of the address's transactions on `chains`, newest first (height, then order), after `before`. */
export async function readBitcoinPage(
  db: Queryable,
  query: {
    chains: readonly string[]
    address: string
    before: BitcoinHistoryPosition | undefined
    limit: number
  },
): Promise<StoredBitcoinTransaction[]> {
  const { before } = query
  const rows = await db.query<{
    chain: string
    txid: string
    block_height: Numeric
    seq: Numeric
    block_hash: string
    block_time: Numeric
    fee: Numeric
    sent: Numeric
    received: Numeric
    counterparty: string
    to_self: boolean
  }>(
    `select a.chain, a.txid, a.block_height, a.seq, t.block_hash, t.block_time, t.fee,
            a.sent::text as sent, a.received::text as received, a.counterparty, a.to_self
       from bitcoin_address_transactions a
       join bitcoin_transactions t on t.chain = a.chain and t.txid = a.txid
      where a.chain = any($1) and a.address = $2
        and ($3::bigint is null or (a.block_height, a.seq) < ($3::bigint, $4::bigint))
      order by a.block_height desc, a.seq desc
      limit $5`,
    [query.chains, query.address, before?.height ?? null, before?.seq ?? 0, query.limit],
  )
  return rows.map((row) => ({
    chain: row.chain,
    txid: row.txid,
    blockHeight: Number(row.block_height),
    seq: Number(row.seq),
    blockHash: row.block_hash,
    blockTime: Number(row.block_time),
    fee: BigInt(row.fee),
    sent: BigInt(row.sent),
    received: BigInt(row.received),
    counterparty: row.counterparty,
    toSelf: row.to_self,
  }))
}
