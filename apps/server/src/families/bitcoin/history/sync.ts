import type { EsploraTransaction } from '@latch/protocol'
import type { Database } from '../../../db/index.ts'
import type { BitcoinChainClient } from '../clients.ts'
import { addressPart } from './addressPart.ts'
import { readSyncState, type SyncedTransaction, writeSync } from './store.ts'

/** Esplora lists 25 confirmed transactions a page. */
const CHAIN_PAGE = 25
/**
 * How far back the first sync of an address reads: 5,000 transactions, a hundred pages of
 * history (200 upstream calls). An address with more shows its newest 5,000 and grows from there.
 */
export const MAX_FIRST_SYNC = 5000

/**
 * Brings the stored history of `address` on `chain` up to the chain, and answers the address's
 * mempool transactions seen on the way (never stored: they may yet be replaced or dropped).
 * The first call, `/address/:address/txs`, gives the mempool and the newest 25 confirmed
 * transactions; older pages (`/txs/chain/:last_seen`) are read only until the newest stored one
 * is reached, so an address with nothing new costs one upstream call.
 */
export async function syncBitcoinAddress(
  db: Database,
  chain: BitcoinChainClient,
  address: string,
): Promise<{ mempool: EsploraTransaction[] }> {
  const chainId = chain.caipNetworkId
  const stored = await readSyncState(db, chainId, address)
  const first = await chain.esplora.json<EsploraTransaction[]>(`/address/${address}/txs`)
  const mempool = first.filter((tx) => !tx.status.confirmed)
  let page = first.filter((tx) => tx.status.confirmed)
  const listed: EsploraTransaction[] = []
  let coveredAbove = -1
  for (;;) {
    const reached = page.findIndex((tx) => tx.txid === stored?.newestTxid)
    if (reached >= 0) {
      const newest = page[reached] as EsploraTransaction
      // Mined again in another block (a reorg): stored again with its new block.
      const moved = newest.status.confirmed && newest.status.block_hash !== stored?.newestBlockHash
      listed.push(...page.slice(0, moved ? reached + 1 : reached))
      coveredAbove = newest.status.confirmed ? newest.status.block_height : -1
      break
    }
    listed.push(...page)
    const last = page.at(-1)
    if (page.length < CHAIN_PAGE || !last) break
    if (listed.length >= MAX_FIRST_SYNC) {
      coveredAbove = last.status.confirmed ? last.status.block_height : -1
      break
    }
    page = await chain.esplora.json<EsploraTransaction[]>(
      `/address/${address}/txs/chain/${last.txid}`,
    )
  }
  const transactions = listed.flatMap((tx): SyncedTransaction[] =>
    tx.status.confirmed
      ? [
          {
            txid: tx.txid,
            blockHeight: tx.status.block_height,
            blockHash: tx.status.block_hash,
            blockTime: tx.status.block_time,
            fee: BigInt(tx.fee),
            ...addressPart(tx, address),
          },
        ]
      : [],
  )
  if (transactions.length > 0 || coveredAbove === -1)
    await writeSync(db, { chain: chainId, address, transactions, coveredAbove })
  return { mempool }
}
