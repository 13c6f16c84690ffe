import type { Queryable } from '../db/index.ts'

/** One NFT an account holds, as the indexer's transfers add up. Addresses lowercase. */
export type Holding = {
  contract: string
  tokenId: string
  standard: 'erc721' | 'erc1155'
  amount: string
}

/** Where a page of holdings starts: after this contract and token id. */
export type HoldingsPosition = { contract: string; tokenId: string }

/**
 * The NFTs `address` holds on `chainId`: what it received less what it sent, of every contract
 * and token id with some left, by contract then token id, strictly after `after`.
 */
export async function readHoldings(
  db: Queryable,
  query: { address: string; chainId: number; after?: HoldingsPosition; limit: number },
): Promise<Holding[]> {
  const rows = await db.query<{
    token: string
    token_id: string
    standard: 'erc721' | 'erc1155'
    amount: string
  }>(
    `select token, token_id::text as token_id, standard, held::text as amount
     from (
       select token, token_id, min(standard) as standard,
         sum(case when recipient = $1 then amount else 0 end)
           - sum(case when sender = $1 then amount else 0 end) as held
       from history_transfers
       where chain_id = $2 and token_id is not null and (recipient = $1 or sender = $1)
         and ($3::text is null or (token, token_id) > ($3::text, $4::numeric))
       group by token, token_id
     ) balances
     where held > 0
     order by token, token_id
     limit $5`,
    [
      query.address,
      query.chainId,
      query.after?.contract ?? null,
      query.after?.tokenId ?? null,
      query.limit,
    ],
  )
  return rows.map((row) => ({
    contract: row.token,
    tokenId: row.token_id,
    standard: row.standard,
    amount: row.amount,
  }))
}

/** The cursor of the page after `last`: its contract and token id, base64url. */
export function encodeHoldingsCursor(last: HoldingsPosition): string {
  return Buffer.from(`${last.contract}:${last.tokenId}`).toString('base64url')
}

/** The position a cursor names, or undefined when this server gave out no such cursor. */
export function decodeHoldingsCursor(cursor: string): HoldingsPosition | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const match = /^(0x[0-9a-f]{40}):([0-9]{1,78})$/.exec(text)
  return match ? { contract: match[1] as string, tokenId: match[2] as string } : undefined
}
