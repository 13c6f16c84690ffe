import { deferred, lazyCode } from '../lazy/lazyCode.ts'
import type { LoadsCode } from '../lazy/types.ts'
import { createStore } from '../store.ts'
import type {
  HistoryController,
  HistoryDeps,
  HistoryState,
  MinedTransaction,
} from './createHistory.ts'
import { initialHistoryState } from './initialState.ts'

type FetchOptions = Parameters<HistoryController['fetchTransactions']>[1]

/**
 * `latch.history`: its state is there at once; its code (pages, catching up with the indexer)
 * loads with the Account view or with the first transaction the kit sees mined.
 */
export function createLazyHistory(deps: Omit<HistoryDeps, 'store'>): HistoryController & LoadsCode {
  const store = createStore<HistoryState>(initialHistoryState())
  const code = lazyCode(() =>
    import('./createHistory.ts').then(({ createHistory }) => createHistory({ ...deps, store })),
  )
  return {
    state: store,
    async loadCode() {
      await code.load()
    },
    fetchTransactions: deferred(
      code,
      (history, address: string | undefined, options?: FetchOptions) =>
        history.fetchTransactions(address, options),
    ),
    follow(address) {
      const history = code.current()
      if (history) return history.follow(address)
      let stopped = false
      let stop = () => {}
      void code.load().then((loaded) => {
        if (!stopped) stop = loaded.follow(address)
      })
      return () => {
        stopped = true
        stop()
      }
    },
    // A mined transaction is remembered even before Activity shows: it is looked for there.
    refresh: deferred(code, (history, mined?: MinedTransaction) => history.refresh(mined)),
    reset() {
      const history = code.current()
      if (history) history.reset()
      else store.set(initialHistoryState())
    },
  }
}
