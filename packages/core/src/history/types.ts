import type { CaipNetworkId, HistoryTransaction } from '@latch/protocol'

/** One month of transactions, newest first. */
export type HistoryMonth = { month: number; transactions: readonly HistoryTransaction[] }
/** One year of months, newest first. */
export type HistoryYear = { year: number; months: readonly HistoryMonth[] }

/** Transaction history state: the list, grouped by year and month, and the next page's cursor. */
export type HistoryState = {
  transactions: readonly HistoryTransaction[]
  /** On-ramp orders, fetched with `onramp`. */
  coinbaseTransactions: readonly HistoryTransaction[]
  /** Grouped by year then month, newest first. */
  transactionsByYear: readonly HistoryYear[]
  /** The network the list belongs to; another one starts a new list. */
  lastNetworkInView?: CaipNetworkId
  address?: string
  loading: boolean
  empty: boolean
  /** The cursor of the next page; undefined at the end. */
  next?: string
}

/** A transaction of `address` the kit saw mined: Activity should list it soon. */
export type MinedTransaction = { hash: string; chainId: CaipNetworkId; address: string }
