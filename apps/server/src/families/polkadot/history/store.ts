import type { Database, Queryable } from '../../../db/index.ts'
import type { IndexedBlock } from './readBlock.ts'

/** The next block to read on `chain`, or undefined before the first run. */
export async function nextBlock(db: Queryable, chain: string): Promise<number | undefined> {
  const [row] = await db.query<{ next_block: string }>(
    'select next_block from polkadot_sync where chain = $1',
    [chain],
  )
  return row ? Number(row.next_block) : undefined
}

/** Where a fresh chain's indexing starts; kept if another instance set it first. */
export async function startAt(db: Queryable, chain: string, block: number): Promise<void> {
  await db.query(
    'insert into polkadot_sync (chain, next_block) values ($1, $2) on conflict (chain) do nothing',
    [chain, block],
  )
}

/**
 * Stores one block's extrinsics and transfers and moves the cursor past it, in one transaction:
 * a crash leaves either all of the block or none of it. Inserts skip rows already there, so a
 * block written twice (two instances) is stored once.
 */
export async function storeBlock(db: Database, chain: string, block: IndexedBlock): Promise<void> {
  await db.transaction(async (tx) => {
    const byIndex = new Map(
      block.extrinsics.map((extrinsic) => [extrinsic.extrinsicIndex, extrinsic]),
    )
    for (const extrinsic of block.extrinsics)
      await tx.query(
        `insert into polkadot_extrinsics
           (chain, block_number, extrinsic_index, block_hash, hash, signer, nonce, success, block_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
        [
          chain,
          block.number,
          extrinsic.extrinsicIndex,
          block.hash,
          extrinsic.hash,
          extrinsic.signer,
          extrinsic.nonce,
          extrinsic.success,
          block.time,
        ],
      )
    for (const transfer of block.transfers) {
      const extrinsic =
        transfer.extrinsicIndex === undefined ? undefined : byIndex.get(transfer.extrinsicIndex)
      await tx.query(
        `insert into polkadot_transfers
           (chain, block_number, event_index, extrinsic_hash, nonce, from_account, to_account, amount, block_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
        [
          chain,
          block.number,
          transfer.eventIndex,
          extrinsic?.hash ?? null,
          extrinsic?.nonce ?? null,
          transfer.from,
          transfer.to,
          transfer.amount.toString(),
          block.time,
        ],
      )
    }
    await tx.query(
      'update polkadot_sync set next_block = $2 where chain = $1 and next_block <= $3',
      [chain, block.number + 1, block.number],
    )
  })
}

export type ExtrinsicRow = {
  block_number: string
  block_hash: string
  success: boolean
}

/** The indexed extrinsic of `hash` on `chain`, if a block holds it. */
export async function findExtrinsic(
  db: Queryable,
  chain: string,
  hash: string,
): Promise<ExtrinsicRow | undefined> {
  const [row] = await db.query<ExtrinsicRow>(
    `select block_number, block_hash, success from polkadot_extrinsics
     where chain = $1 and hash = $2 order by block_number desc limit 1`,
    [chain, hash.toLowerCase()],
  )
  return row
}

export type TransferRow = {
  block_number: string
  event_index: number
  extrinsic_hash: string | null
  nonce: string | null
  from_account: string
  to_account: string
  amount: string
  block_time: string
}

/** The account's transfers, newest first, from before `before` (block, event) when given. */
export async function transfersOf(
  db: Queryable,
  chain: string,
  account: string,
  limit: number,
  before?: { block: number; event: number },
): Promise<TransferRow[]> {
  const position = before ? 'and (block_number, event_index) < ($3, $4)' : ''
  const params: unknown[] = [chain, account]
  if (before) params.push(before.block, before.event)
  params.push(limit)
  return db.query<TransferRow>(
    `select block_number, event_index, extrinsic_hash, nonce, from_account, to_account, amount, block_time
     from polkadot_transfers
     where chain = $1 and (from_account = $2 or to_account = $2) ${position}
     order by block_number desc, event_index desc limit $${params.length}`,
    params,
  )
}
