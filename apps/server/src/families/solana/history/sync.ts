import { z } from 'zod'
import type { Database } from '../../../db/index.ts'
import type { SolanaChainClient } from '../clients.ts'
import { READ_COMMITMENT } from '../programs.ts'
import { type ParsedSolanaTransaction, parseSolanaTransaction } from './parseTransaction.ts'
import { knownSignatures, readNewestSignature, writeSync } from './store.ts'

/** The most `getSignaturesForAddress` answers in one call. */
const SIGNATURES_PER_CALL = 1000
/**
 * How far back the first sync of an address reads: 5,000 transactions, a hundred pages of
 * history. An address with more shows its newest 5,000 and grows from there.
 */
export const MAX_FIRST_SYNC = 5000
/** `getTransaction` calls per JSON-RPC batch: one upstream request each. */
const TRANSACTIONS_PER_BATCH = 100

const signaturesAnswer = z.array(
  z.object({ signature: z.string(), slot: z.number().int().nonnegative() }),
)

/**
 * Brings the stored history of `address` on `chain` up to the chain's confirmed transactions:
 * asks for the signatures newer than the newest stored, reads the transactions not stored yet,
 * and writes them with the new newest signature. A transaction the node cannot return yet stops
 * the sync below it, so the next one starts there and nothing is skipped.
 */
export async function syncSolanaAddress(
  db: Database,
  chain: SolanaChainClient,
  address: string,
): Promise<void> {
  const chainId = chain.caipNetworkId
  const until = await readNewestSignature(db, chainId, address)
  const listed: { signature: string; slot: number }[] = []
  let before: string | undefined
  while (listed.length < MAX_FIRST_SYNC) {
    const page = signaturesAnswer.parse(
      await chain.rpc.call('getSignaturesForAddress', [
        address,
        { limit: SIGNATURES_PER_CALL, commitment: READ_COMMITMENT, until, before },
      ]),
    )
    listed.push(...page)
    if (page.length < SIGNATURES_PER_CALL) break
    before = page.at(-1)?.signature
  }
  if (listed.length === 0) return

  const known = await knownSignatures(
    db,
    chainId,
    listed.map((entry) => entry.signature),
  )
  const missing = listed.filter((entry) => !known.has(entry.signature))
  const read = new Map<string, ParsedSolanaTransaction>()
  for (let start = 0; start < missing.length; start += TRANSACTIONS_PER_BATCH) {
    const batch = missing.slice(start, start + TRANSACTIONS_PER_BATCH)
    const answers = await chain.rpc.batch<unknown[]>(
      batch.map(({ signature }) => ({
        method: 'getTransaction',
        params: [
          signature,
          { encoding: 'json', commitment: READ_COMMITMENT, maxSupportedTransactionVersion: 0 },
        ],
      })),
    )
    answers.forEach((answer, index) => {
      if (answer === null) return
      const parsed = parseSolanaTransaction(answer)
      // A node without the block's time: the time it was first seen here is the nearest known.
      read.set(batch[index]?.signature as string, {
        ...parsed,
        blockTime: parsed.blockTime ?? Math.floor(Date.now() / 1000),
      })
    })
  }

  // Oldest first: keep everything up to the first transaction the node could not return.
  const stored: { signature: string; slot: number }[] = []
  for (const entry of listed.toReversed()) {
    if (!known.has(entry.signature) && !read.has(entry.signature)) break
    stored.push(entry)
  }
  const newest = stored.at(-1)
  if (!newest) return
  await writeSync(db, {
    chain: chainId,
    address,
    newest: newest.signature,
    transactions: [...read.values()],
    signatures: stored,
  })
}
