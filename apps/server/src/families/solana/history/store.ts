import type { Database, Queryable } from '../../../db/index.ts'
import type { BalanceChange, ParsedSolanaTransaction } from './parseTransaction.ts'

/** A driver gives bigint and numeric columns as a string (pg) or a number or bigint (PGlite). */
type Numeric = string | number | bigint

/** Where a page starts: after this transaction of the newest-first order. */
export type SolanaHistoryPosition = { slot: number; seq: number }

export type StoredSolanaTransaction = {
  chain: string
  signature: string
  slot: number
  seq: number
  blockTime: number | null
  feePayer: string
  status: 'confirmed' | 'failed'
  firstProgram: string
  changes: BalanceChange[]
}

export async function readNewestSignature(
  db: Queryable,
  chain: string,
  address: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ newest_signature: string }>(
    'select newest_signature from solana_address_sync where chain = $1 and address = $2',
    [chain, address],
  )
  return row?.newest_signature
}

/** The signatures of `signatures` this chain's tables already hold. */
export async function knownSignatures(
  db: Queryable,
  chain: string,
  signatures: readonly string[],
): Promise<Set<string>> {
  if (signatures.length === 0) return new Set()
  const rows = await db.query<{ signature: string }>(
    'select signature from solana_transactions where chain = $1 and signature = any($2)',
    [chain, signatures],
  )
  return new Set(rows.map((row) => row.signature))
}

/**
 * Writes a sync of one address in one transaction: the new transactions with their balance
 * changes, the address's part in each, and its newest signature. Rows already there are kept,
 * so a sync that a crash or another instance interrupted is simply done again.
 */
export async function writeSync(
  db: Database,
  sync: {
    chain: string
    address: string
    newest: string
    transactions: readonly ParsedSolanaTransaction[]
    /** The address's new transactions, oldest first. */
    signatures: readonly { signature: string; slot: number }[]
  },
): Promise<void> {
  const { chain, address } = sync
  await db.transaction(async (tx) => {
    for (const transaction of sync.transactions) {
      await tx.query(
        `insert into solana_transactions
           (chain, signature, slot, block_time, fee_payer, fee, status, first_program)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
        [
          chain,
          transaction.signature,
          transaction.slot,
          transaction.blockTime,
          transaction.feePayer,
          transaction.fee.toString(),
          transaction.status,
          transaction.firstProgram,
        ],
      )
      for (const change of transaction.changes)
        await tx.query(
          `insert into solana_balance_changes (chain, signature, owner, mint, delta, decimals)
           values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
          [
            chain,
            transaction.signature,
            change.owner,
            change.mint,
            change.delta.toString(),
            change.decimals,
          ],
        )
    }
    // Oldest first, each after the newest stored: the chain's order, kept within a slot.
    const [last] = await tx.query<{ seq: Numeric | null }>(
      'select max(seq) as seq from solana_address_transactions where chain = $1 and address = $2',
      [chain, address],
    )
    let seq = Number(last?.seq ?? 0)
    for (const { signature, slot } of sync.signatures) {
      seq += 1
      await tx.query(
        `insert into solana_address_transactions (chain, address, signature, slot, seq)
         values ($1, $2, $3, $4, $5) on conflict do nothing`,
        [chain, address, signature, slot, seq],
      )
    }
    await tx.query(
      `insert into solana_address_sync (chain, address, newest_signature) values ($1, $2, $3)
       on conflict (chain, address)
       do update set newest_signature = excluded.newest_signature, synced_at = now()`,
      [chain, address, sync.newest],
    )
  })
}

/**
 * A page of the address's transactions on `chains`, newest first (slot, then the chain's order
 * within it), after
 * `before` when given, with every balance change of each transaction (the counterparties').
 */
export async function readSolanaPage(
  db: Queryable,
  query: {
    chains: readonly string[]
    address: string
    before: SolanaHistoryPosition | undefined
    limit: number
  },
): Promise<StoredSolanaTransaction[]> {
  const { before } = query
  const rows = await db.query<{
    chain: string
    signature: string
    slot: Numeric
    seq: Numeric
    block_time: Numeric | null
    fee_payer: string
    status: 'confirmed' | 'failed'
    first_program: string
  }>(
    `select t.chain, t.signature, t.slot, a.seq, t.block_time, t.fee_payer, t.status,
            t.first_program
       from solana_address_transactions a
       join solana_transactions t on t.chain = a.chain and t.signature = a.signature
      where a.chain = any($1) and a.address = $2
        and ($3::bigint is null or (a.slot, a.seq) < ($3::bigint, $4::bigint))
      order by a.slot desc, a.seq desc
      limit $5`,
    [query.chains, query.address, before?.slot ?? null, before?.seq ?? 0, query.limit],
  )
  if (rows.length === 0) return []
  const changes = await db.query<{
    chain: string
    signature: string
    owner: string
    mint: string
    delta: Numeric
    decimals: number
  }>(
    `select chain, signature, owner, mint, delta::text as delta, decimals
       from solana_balance_changes
      where chain = any($1) and signature = any($2)`,
    [query.chains, rows.map((row) => row.signature)],
  )
  const byTransaction = new Map<string, BalanceChange[]>()
  for (const change of changes) {
    const key = `${change.chain} ${change.signature}`
    const list = byTransaction.get(key) ?? []
    list.push({
      owner: change.owner,
      mint: change.mint,
      delta: BigInt(change.delta),
      decimals: change.decimals,
    })
    byTransaction.set(key, list)
  }
  return rows.map((row) => ({
    chain: row.chain,
    signature: row.signature,
    slot: Number(row.slot),
    seq: Number(row.seq),
    blockTime: row.block_time === null ? null : Number(row.block_time),
    feePayer: row.fee_payer,
    status: row.status,
    firstProgram: row.first_program,
    changes: byTransaction.get(`${row.chain} ${row.signature}`) ?? [],
  }))
}
