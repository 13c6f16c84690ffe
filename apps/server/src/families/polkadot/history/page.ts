import { encodeSs58, HISTORY_PAGE_SIZE, type HistoryResponse } from '@latch/protocol'
import { hexToU8a } from '@polkadot/util'
import { formatUnits } from 'viem'
import type { Queryable } from '../../../db/index.ts'
import type { PolkadotChainClient } from '../clients.ts'
import { accountIdHex } from './readBlock.ts'
import { transfersOf } from './store.ts'

const CURSOR = /^p1\.(\d{1,16})\.(\d{1,9})$/

/** A page's `next`: the last transfer's block and event, as base64url text. */
export const encodePolkadotCursor = (block: number, event: number) =>
  Buffer.from(`p1.${block}.${event}`).toString('base64url')

/** The position a cursor of this route stands for, or undefined if it is not one. */
export function decodePolkadotCursor(cursor: string): { block: number; event: number } | undefined {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  return match ? { block: Number(match[1]), event: Number(match[2]) } : undefined
}

/**
 * A page of the address's native-token transfers on the chain, newest first, from the indexed
 * Balances.Transfer events: sent, received, or to itself.
 */
export async function polkadotHistoryPage(
  db: Queryable,
  chain: PolkadotChainClient,
  address: string,
  before: { block: number; event: number } | undefined,
  iconUrl: (symbol: string) => string,
): Promise<HistoryResponse> {
  const info = await chain.info()
  const account = accountIdHex(address)
  const rows = await transfersOf(db, chain.caipNetworkId, account, HISTORY_PAGE_SIZE, before)
  const ss58 = (hex: string) => encodeSs58(hexToU8a(hex), info.ss58Prefix)
  const data = rows.map((row) => {
    const direction =
      row.from_account === row.to_account ? 'self' : row.from_account === account ? 'out' : 'in'
    return {
      id: `${chain.caipNetworkId}:${row.block_number}-${row.event_index}`,
      metadata: {
        operationType: direction === 'in' ? ('receive' as const) : ('send' as const),
        hash: row.extrinsic_hash ?? '',
        chain: chain.caipNetworkId,
        minedAt: new Date(Number(row.block_time)).toISOString(),
        sentFrom: ss58(row.from_account),
        sentTo: ss58(row.to_account),
        status: 'confirmed' as const,
        nonce: Number(row.nonce ?? 0),
      },
      transfers: [
        {
          fungible_info: {
            name: info.symbol,
            symbol: info.symbol,
            icon: { url: iconUrl(info.symbol) },
          },
          direction: direction as 'in' | 'out' | 'self',
          quantity: { numeric: formatUnits(BigInt(row.amount), info.decimals) },
        },
      ],
    }
  })
  const last = rows.at(-1)
  const next =
    rows.length === HISTORY_PAGE_SIZE && last
      ? encodePolkadotCursor(Number(last.block_number), last.event_index)
      : null
  return { data, next }
}
