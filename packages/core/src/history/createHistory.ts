import type { CaipNetworkId, HistoryTransaction } from '@latch/protocol'
import type { ApiClient } from '../api/client.ts'
import { HISTORY_CATCH_UP_LIMIT_MS, HISTORY_CATCH_UP_MS } from '../constants.ts'
import { LatchError } from '../errors.ts'
import type { EventsController } from '../events/index.ts'
import type { QueryCache } from '../query/lazyQueryClient.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import { createStore, type ReadableStore, type Store } from '../store.ts'
import { initialHistoryState as initial } from './initialState.ts'
import type { HistoryState, HistoryYear, MinedTransaction } from './types.ts'

export type { HistoryMonth, HistoryState, HistoryYear, MinedTransaction } from './types.ts'

export type HistoryDeps = {
  api: Pick<ApiClient, 'history'>
  queryClient: QueryCache
  snackbar: Pick<SnackbarController, 'showError'>
  events: Pick<EventsController, 'emit'>
  /** The active network: only its transactions are shown. */
  activeNetwork(): CaipNetworkId | undefined
  /** The state to drive; default a new store (the kit passes the one its views already read). */
  store?: Store<HistoryState>
}

export type HistoryController = {
  state: ReadableStore<HistoryState>
  /**
   * Fetches the next page for the account on the active network (the first one when the account
   * or network changed). Throws without an address; a failed fetch empties the list,
   * clears the cursor, shows 'Failed to fetch transactions' and tracks ERROR_FETCH_TRANSACTIONS.
   * `refresh` asks for the first page again and replaces the list once it arrives (new activity).
   */
  fetchTransactions(
    accountAddress: string | undefined,
    options?: { onramp?: string; refresh?: boolean },
  ): Promise<void>
  /**
   * Activity is on screen for this account: fetches the first page now, and again when the kit
   * sees a transaction mined, until the server lists it. Returns the function that stops it.
   */
  follow(accountAddress: string): () => void
  /**
   * The account's activity changed. With the transaction that changed it, the list on screen is
   * refreshed until that transaction is in it (the server's indexer may lag a block behind).
   */
  refresh(mined?: MinedTransaction): void
  reset(): void
}

/** All of a transaction's transfers flagged spam: hidden, so spam never reaches the list. */
const isAllSpam = (transaction: HistoryTransaction) =>
  transaction.transfers.length > 0 &&
  transaction.transfers.every((transfer) => transfer.nft_info?.flags.is_spam === true)

/** Groups transactions by year then month of `minedAt` (UTC), newest first. */
export function groupByYearAndMonth(transactions: readonly HistoryTransaction[]): HistoryYear[] {
  const sorted = [...transactions].sort(
    (a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt),
  )
  const years: { year: number; months: { month: number; transactions: HistoryTransaction[] }[] }[] =
    []
  for (const transaction of sorted) {
    const mined = new Date(transaction.metadata.minedAt)
    const year = mined.getUTCFullYear()
    const month = mined.getUTCMonth()
    let yearGroup = years.at(-1)
    if (yearGroup?.year !== year) {
      yearGroup = { year, months: [] }
      years.push(yearGroup)
    }
    let monthGroup = yearGroup.months.at(-1)
    if (monthGroup?.month !== month) {
      monthGroup = { month, transactions: [] }
      yearGroup.months.push(monthGroup)
    }
    monthGroup.transactions.push(transaction)
  }
  return years
}

/** @example const history = createHistory({ api, queryClient, snackbar, events, activeNetwork }) */
export function createHistory(deps: HistoryDeps): HistoryController {
  const store = deps.store ?? createStore<HistoryState>(initial())
  let generation = 0
  /** The account whose Activity is on screen. */
  let followed: string | undefined
  /** Mined transactions the server did not list yet, by lowercase hash, with their deadline. */
  const expected = new Map<string, MinedTransaction & { until: number }>()
  let catchUp: ReturnType<typeof setTimeout> | undefined

  function stopCatchUp() {
    if (catchUp !== undefined) clearTimeout(catchUp)
    catchUp = undefined
  }

  /** Empties the list: the next fetch starts from the first page. */
  function clear() {
    generation++
    stopCatchUp()
    store.set({ ...initial(), next: undefined, address: undefined, lastNetworkInView: undefined })
  }

  /** After a first page arrived: asks again shortly while a mined transaction is missing. */
  function awaitExpected(
    accountAddress: string,
    chainId: CaipNetworkId | undefined,
    page: readonly HistoryTransaction[],
  ) {
    const listed = new Set(page.map((transaction) => transaction.metadata.hash.toLowerCase()))
    const time = Date.now()
    let missing = false
    for (const [hash, entry] of expected) {
      if (listed.has(hash) || entry.until <= time) expected.delete(hash)
      else if (
        entry.address.toLowerCase() === accountAddress.toLowerCase() &&
        (chainId === undefined || entry.chainId === chainId)
      )
        missing = true
    }
    stopCatchUp()
    if (!missing || followed?.toLowerCase() !== accountAddress.toLowerCase()) return
    catchUp = setTimeout(() => {
      catchUp = undefined
      if (followed) void controller.fetchTransactions(followed, { refresh: true }).catch(() => {})
    }, HISTORY_CATCH_UP_MS)
  }

  const controller: HistoryController = {
    state: store,
    async fetchTransactions(accountAddress, options = {}) {
      if (!accountAddress)
        throw new LatchError("Transactions can't be fetched without an accountAddress")
      const chainId = deps.activeNetwork()
      const current = store.get()
      const sameList =
        current.address?.toLowerCase() === accountAddress.toLowerCase() &&
        current.lastNetworkInView === chainId
      const refresh = sameList && options.refresh === true
      if (!sameList) {
        generation++
        store.set({
          ...initial(),
          next: undefined,
          address: accountAddress,
          lastNetworkInView: chainId,
        })
      } else if (refresh) {
        // The list stays on screen until the first page replaces it.
        generation++
      } else if (current.loading || (current.transactions.length > 0 && !current.next)) {
        // A page is on its way, or the list is complete.
        return
      }
      const cursor = sameList && !refresh ? current.next : undefined
      const started = generation
      store.set({ loading: true })
      try {
        const page = await deps.queryClient.fetchQuery({
          queryKey: ['history', accountAddress.toLowerCase(), chainId, cursor, options.onramp],
          queryFn: () =>
            deps.api.history(accountAddress, {
              ...(chainId ? { chainId } : {}),
              ...(cursor ? { cursor } : {}),
              ...(options.onramp ? { onramp: options.onramp } : {}),
            }),
          staleTime: 0,
        })
        if (started !== generation) return
        const kept = refresh ? [] : store.get().transactions
        const seen = new Set(kept.map((transaction) => transaction.id))
        const fresh = page.data.filter(
          (transaction) =>
            !seen.has(transaction.id) &&
            (chainId === undefined || transaction.metadata.chain === chainId) &&
            !isAllSpam(transaction),
        )
        const transactions = [...kept, ...fresh]
        if (!cursor && !options.onramp) awaitExpected(accountAddress, chainId, page.data)
        store.set({
          ...(options.onramp
            ? { coinbaseTransactions: [...store.get().coinbaseTransactions, ...fresh] }
            : { transactions, transactionsByYear: groupByYearAndMonth(transactions) }),
          loading: false,
          empty: transactions.length === 0,
          next: page.next ?? undefined,
        })
      } catch {
        if (started !== generation) return
        store.set({
          transactions: [],
          transactionsByYear: [],
          loading: false,
          empty: true,
          next: undefined,
        })
        deps.snackbar.showError('Failed to fetch transactions')
        const chain = deps.activeNetwork()
        deps.events.emit({
          type: 'track',
          event: 'ERROR_FETCH_TRANSACTIONS',
          properties: chain ? { chain } : {},
        })
      }
    },
    follow(accountAddress) {
      followed = accountAddress
      void controller.fetchTransactions(accountAddress, { refresh: true }).catch(() => {})
      return () => {
        if (followed !== accountAddress) return
        followed = undefined
        stopCatchUp()
      }
    },
    refresh(mined) {
      if (mined)
        expected.set(mined.hash.toLowerCase(), {
          ...mined,
          until: Date.now() + HISTORY_CATCH_UP_LIMIT_MS,
        })
      if (followed) void controller.fetchTransactions(followed, { refresh: true }).catch(() => {})
      else clear()
    },
    reset() {
      expected.clear()
      clear()
    },
  }
  return controller
}
