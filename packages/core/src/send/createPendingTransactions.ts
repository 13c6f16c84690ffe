import type { CaipNetworkId } from '@latch/protocol'
import { PENDING_TRANSACTIONS_LIMIT } from '../constants.ts'
import { LatchError } from '../errors.ts'
import { createStore, type ReadableStore } from '../store.ts'
import { isTransactionHash } from '../validation/isTransactionHash.ts'

/** A transaction sent and not yet mined. */
export type PendingTransaction = {
  hash: `0x${string}`
  chainId: CaipNetworkId
  /** The network's explorer page of the transaction, when the network names an explorer. */
  explorerUrl?: string
  sentAt: number
}

export type PendingTransactionsController = {
  state: ReadableStore<{ pending: readonly PendingTransaction[] }>
  /** Tracks a sent transaction; at most 99 are kept, the oldest dropped. */
  add(transaction: { hash: string; chainId: CaipNetworkId; explorer?: string }): void
  /** The transaction was mined (or dropped): no longer pending. */
  remove(hash: string): void
}

/** @example const pending = createPendingTransactions(); pending.add({ hash, chainId }) */
export function createPendingTransactions(
  now: () => number = () => Date.now(),
): PendingTransactionsController {
  const store = createStore<{ pending: readonly PendingTransaction[] }>({ pending: [] })
  return {
    state: store,
    add({ hash, chainId, explorer }) {
      // A hash is 0x and 64 hex characters; anything else is not a hash a wallet returned.
      if (!isTransactionHash(hash))
        throw new LatchError('Invalid transaction hash', { details: hash })
      const entry: PendingTransaction = {
        hash: hash as `0x${string}`,
        chainId,
        sentAt: now(),
        ...(explorer ? { explorerUrl: `${explorer.replace(/\/+$/, '')}/tx/${hash}` } : {}),
      }
      const others = store.get().pending.filter((item) => item.hash !== hash)
      store.set({ pending: [...others, entry].slice(-PENDING_TRANSACTIONS_LIMIT) })
    },
    remove(hash) {
      store.set((state) => ({
        pending: state.pending.filter((item) => item.hash.toLowerCase() !== hash.toLowerCase()),
      }))
    },
  }
}
