import type { CaipNetworkId } from '@latch/protocol'
import { PENDING_TRANSACTIONS_LIMIT } from '../constants.ts'
import { LatchError } from '../errors.ts'
import { createStore, type ReadableStore } from '../store.ts'
import { isTransactionHash } from '../validation/isTransactionHash.ts'

/** A Solana signature: 64 bytes, written in 86 to 88 base58 characters (fewer with leading zeros). */
const isSolanaSignature = (value: string) => /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)
/** A Bitcoin txid: 32 bytes in 64 hex characters, without 0x. */
const isBitcoinTxid = (value: string) => /^[0-9a-f]{64}$/.test(value)

/** A transaction sent and not yet mined. */
export type PendingTransaction = {
  /** An EVM transaction hash, a Solana transaction's signature, or a Bitcoin txid. */
  hash: string
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
      // An EVM hash is 0x and 64 hex characters, a Solana signature 64 bytes in base58, a Bitcoin
      // txid 64 hex characters; anything else is not what a wallet returned.
      const valid = chainId.startsWith('solana:')
        ? isSolanaSignature(hash)
        : chainId.startsWith('bip122:')
          ? isBitcoinTxid(hash)
          : isTransactionHash(hash)
      if (!valid) throw new LatchError('Invalid transaction hash', { details: hash })
      const entry: PendingTransaction = {
        hash,
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
