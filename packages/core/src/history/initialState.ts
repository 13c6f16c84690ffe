import type { HistoryState } from './types.ts'

/** Activity before anything was fetched: no transactions. */
export const initialHistoryState = (): HistoryState => ({
  transactions: [],
  coinbaseTransactions: [],
  transactionsByYear: [],
  loading: false,
  empty: false,
})
