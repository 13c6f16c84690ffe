import type { Queryable } from '../db/index.ts'

/** Where a transaction sits in an account's history, newest first: the keyset of a page. */
export type HistoryPosition = {
  /** Unix seconds of the block. */
  blockTime: number
  blockNumber: number
  txIndex: number
  chainId: number
}

/** A transfer of the account's: it sent or received it. Addresses are lowercase. */
export type HistoryTransferRow = {
  token: string | null
  from: string
  to: string
  /** In the token's smallest unit, as an integer string. */
  amount: string
  /** An NFT's id (decimal string) and standard; null for the native coin and ERC-20s. */
  tokenId: string | null
  standard: 'erc721' | 'erc1155' | null
}

export type HistoryRow = HistoryPosition & {
  hash: string
  sender: string
  recipient: string | null
  nonce: number
  status: 'confirmed' | 'failed'
  methodId: string
  transfers: HistoryTransferRow[]
}

type Numeric = string | number | bigint

/**
 * The transactions `address` (lowercase 0x-hex) sent or moved value in, on `chainIds`, newest
 * first, strictly after `before` in that order; each with the address's own transfers only.
 */
export async function readHistory(
  db: Queryable,
  query: { address: string; chainIds: number[]; before?: HistoryPosition; limit: number },
): Promise<HistoryRow[]> {
  const { address, chainIds, before, limit } = query
  const rows = await db.query<{
    chain_id: Numeric
    block_number: Numeric
    tx_index: number
    block_time: Numeric
    hash: string
    sender: string
    recipient: string | null
    nonce: Numeric
    status: 'confirmed' | 'failed'
    method_id: string
    transfers: HistoryTransferRow[]
  }>(
    `with page as (
       select chain_id, block_number, tx_index
       from history_participants
       where address = $1
         and chain_id = any($2::bigint[])
         and ($3::bigint is null
           or (block_time, block_number, tx_index, chain_id) < ($3, $4::bigint, $5::int, $6::bigint))
       order by block_time desc, block_number desc, tx_index desc, chain_id desc
       limit $7
     )
     select t.chain_id, t.block_number, t.tx_index, t.block_time, t.hash, t.sender, t.recipient,
       t.nonce, t.status, t.method_id,
       coalesce(
         (select json_agg(json_build_object('token', tr.token, 'from', tr.sender,
              'to', tr.recipient, 'amount', tr.amount::text, 'tokenId', tr.token_id::text,
              'standard', tr.standard) order by tr.position)
            from history_transfers tr
            where tr.chain_id = t.chain_id and tr.block_number = t.block_number
              and tr.tx_index = t.tx_index and (tr.sender = $1 or tr.recipient = $1)),
         '[]'::json) as transfers
     from page join history_transactions t using (chain_id, block_number, tx_index)
     order by t.block_time desc, t.block_number desc, t.tx_index desc, t.chain_id desc`,
    [
      address,
      chainIds,
      before?.blockTime ?? null,
      before?.blockNumber ?? null,
      before?.txIndex ?? null,
      before?.chainId ?? null,
      limit,
    ],
  )
  return rows.map((row) => ({
    chainId: Number(row.chain_id),
    blockNumber: Number(row.block_number),
    txIndex: row.tx_index,
    blockTime: Number(row.block_time),
    hash: row.hash,
    sender: row.sender,
    recipient: row.recipient,
    nonce: Number(row.nonce),
    status: row.status,
    methodId: row.method_id,
    transfers: row.transfers,
  }))
}
