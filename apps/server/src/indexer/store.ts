import type { Queryable } from '../db/index.ts'
import type { IndexedBlock } from './readRange.ts'

/** The last block indexed on a chain. */
export type Checkpoint = { blockNumber: number; blockHash: string }

/** A driver gives bigint columns as a string (pg) or a number or bigint (PGlite). */
type Numeric = string | number | bigint

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/** Another writer moved the checkpoint since it was read: the step is dropped, not written. */
export class CheckpointMovedError extends Error {
  override name = 'CheckpointMovedError'
}

export async function readCheckpoint(db: Queryable, chainId: number): Promise<Checkpoint | null> {
  const [row] = await db.query<{ block_number: Numeric; block_hash: string }>(
    'select block_number, block_hash from indexer_checkpoints where chain_id = $1',
    [chainId],
  )
  return row ? { blockNumber: Number(row.block_number), blockHash: row.block_hash } : null
}

/** The hashes kept for reorg checks, oldest first. */
export async function readRecentBlocks(db: Queryable, chainId: number): Promise<Checkpoint[]> {
  const rows = await db.query<{ block_number: Numeric; block_hash: string }>(
    'select block_number, block_hash from indexer_blocks where chain_id = $1 order by block_number',
    [chainId],
  )
  return rows.map((row) => ({ blockNumber: Number(row.block_number), blockHash: row.block_hash }))
}

export type RangeWrite = {
  chainId: number
  /** The checkpoint the step was computed from; the write is refused if it changed. */
  expected: Checkpoint | null
  /** Every row from this block up is replaced (a reorg rewinds to the fork point). */
  from: number
  blocks: IndexedBlock[]
  /** The checkpoint after the write: the last block, or the block below `from` if none. */
  next: Checkpoint | null
  /** How many recent block hashes to keep for reorg checks. */
  keepBlocks: number
}

/**
 * Writes a step in one transaction: drops every row from `from` up (a reorg's old branch, or a
 * half-written step's leftovers), inserts the blocks' transactions, transfers and participants,
 * and moves the checkpoint. The checkpoint row is locked first and must still be `expected`.
 */
export async function writeRange(db: Queryable, write: RangeWrite): Promise<void> {
  const { chainId, from, blocks } = write
  const [current] = await db.query<{ block_number: Numeric; block_hash: string }>(
    'select block_number, block_hash from indexer_checkpoints where chain_id = $1 for update',
    [chainId],
  )
  const sameCheckpoint = current
    ? write.expected !== null &&
      Number(current.block_number) === write.expected.blockNumber &&
      current.block_hash === write.expected.blockHash
    : write.expected === null
  if (!sameCheckpoint) throw new CheckpointMovedError(`chain ${chainId}: checkpoint moved`)

  await db.query('delete from history_transactions where chain_id = $1 and block_number >= $2', [
    chainId,
    from,
  ])
  await db.query('delete from indexer_blocks where chain_id = $1 and block_number >= $2', [
    chainId,
    from,
  ])

  const transactions = blocks.flatMap((block) =>
    block.transactions.map((transaction) => ({ block, transaction })),
  )
  if (blocks.length > 0) {
    await db.query(
      `insert into indexer_blocks (chain_id, block_number, block_hash)
       select $1, * from unnest($2::bigint[], $3::text[])`,
      [chainId, blocks.map((block) => block.number), blocks.map((block) => block.hash)],
    )
  }
  if (transactions.length > 0) {
    await db.query(
      `insert into history_transactions
         (chain_id, block_number, tx_index, hash, block_time, sender, recipient, nonce, status,
          method_id)
       select $1, * from unnest($2::bigint[], $3::int[], $4::text[], $5::bigint[], $6::text[],
         $7::text[], $8::bigint[], $9::text[], $10::text[])`,
      [
        chainId,
        transactions.map(({ block }) => block.number),
        transactions.map(({ transaction }) => transaction.index),
        transactions.map(({ transaction }) => transaction.hash),
        transactions.map(({ block }) => block.time),
        transactions.map(({ transaction }) => transaction.from),
        transactions.map(({ transaction }) => transaction.to),
        transactions.map(({ transaction }) => transaction.nonce),
        transactions.map(({ transaction }) => transaction.status),
        transactions.map(({ transaction }) => transaction.methodId),
      ],
    )
  }

  const transfers = transactions.flatMap(({ block, transaction }) =>
    transaction.transfers.map((transfer, position) => ({ block, transaction, transfer, position })),
  )
  if (transfers.length > 0) {
    await db.query(
      `insert into history_transfers
         (chain_id, block_number, tx_index, position, token, sender, recipient, amount, token_id,
          standard)
       select $1, * from unnest($2::bigint[], $3::int[], $4::int[], $5::text[], $6::text[],
         $7::text[], $8::numeric[], $9::numeric[], $10::text[])`,
      [
        chainId,
        transfers.map(({ block }) => block.number),
        transfers.map(({ transaction }) => transaction.index),
        transfers.map(({ position }) => position),
        transfers.map(({ transfer }) => transfer.token),
        transfers.map(({ transfer }) => transfer.from),
        transfers.map(({ transfer }) => transfer.to),
        transfers.map(({ transfer }) => transfer.amount.toString()),
        transfers.map(({ transfer }) => transfer.tokenId?.toString() ?? null),
        transfers.map(({ transfer }) => transfer.standard ?? null),
      ],
    )
  }

  const participants = transactions.flatMap(({ block, transaction }) => {
    const addresses = new Set([
      transaction.from,
      ...transaction.transfers.flatMap((transfer) => [transfer.from, transfer.to]),
    ])
    addresses.delete(ZERO_ADDRESS)
    return [...addresses].map((address) => ({ block, transaction, address }))
  })
  if (participants.length > 0) {
    await db.query(
      `insert into history_participants (chain_id, block_number, tx_index, address, block_time)
       select $1, * from unnest($2::bigint[], $3::int[], $4::text[], $5::bigint[])`,
      [
        chainId,
        participants.map(({ block }) => block.number),
        participants.map(({ transaction }) => transaction.index),
        participants.map(({ address }) => address),
        participants.map(({ block }) => block.time),
      ],
    )
  }

  if (write.next) {
    await db.query(
      `insert into indexer_checkpoints (chain_id, block_number, block_hash) values ($1, $2, $3)
       on conflict (chain_id) do update
         set block_number = excluded.block_number, block_hash = excluded.block_hash,
             updated_at = now()`,
      [chainId, write.next.blockNumber, write.next.blockHash],
    )
    await db.query('delete from indexer_blocks where chain_id = $1 and block_number <= $2', [
      chainId,
      write.next.blockNumber - write.keepBlocks,
    ])
  } else {
    await db.query('delete from indexer_checkpoints where chain_id = $1', [chainId])
  }
}
