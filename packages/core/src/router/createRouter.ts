import { GO_BACK_CLEANUP_DELAY_MS } from '../constants.ts'
import { createStore, type ReadableStore } from '../store.ts'
import type {
  RouterData,
  RouterState,
  TransactionAction,
  TransactionResult,
  ViewName,
} from './types.ts'

export type RouterDeps = {
  /** Called when going back from the first view. */
  closeModal?: () => void
  /** Whether an address is connected; going back from ConnectingFarcaster checks it. */
  hasConnectedAddress?: () => boolean
  /** Clears the Farcaster URL on going back from ConnectingFarcaster unconnected. */
  clearFarcasterUrl?: () => void
  /** Reloads the auth connector and resyncs it with the app metadata, 100 ms after that. */
  resyncAuthConnector?: () => void
  /** Defaults to the global setTimeout, looked up when called so fake timers apply. */
  timers?: { setTimeout(callback: () => void, ms: number): unknown }
}

export type RouterController = {
  state: ReadableStore<RouterState>
  /** Shows `view` on top of the history; pushing the current view only updates its data. */
  push(view: ViewName, data?: RouterData): void
  /** Shows `view` in place of the current one. */
  replace(view: ViewName, data?: RouterData): void
  /** Shows `view` as the only entry of the history. */
  reset(view: ViewName, data?: RouterData): void
  /** Shows the previous view; from the first view, closes the modal. */
  goBack(): void
  /** Shows the view at `index` of the history and drops those after it; ignores a bad index. */
  goBackToIndex(index: number): void
  pushTransactionStack(action: TransactionAction): void
  /** Runs the last action's callback for `result`; error and cancel also go back. */
  popTransactionStack(result: TransactionResult): boolean
}

/**
 * Creates the view history of one modal: push, replace, reset, go back (to an index).
 * @example const router = createRouter({ closeModal: () => modal.close() }); router.push('AllWallets')
 */
export function createRouter(deps: RouterDeps = {}): RouterController {
  // Called as a method of `deps.timers` so a timers object that relies on `this` still works.
  const setTimer = (callback: () => void, ms: number) =>
    deps.timers ? deps.timers.setTimeout(callback, ms) : globalThis.setTimeout(callback, ms)
  const store = createStore<RouterState>({ view: 'Connect', history: ['Connect'] })
  const transactionStack: TransactionAction[] = []

  function push(view: ViewName, data?: RouterData) {
    const { view: current, history } = store.get()
    if (view === current) {
      if (data) store.set({ data })
      return
    }
    store.set((state) => ({ view, history: [...history, view], data: data ?? state.data }))
  }

  function replace(view: ViewName, data?: RouterData) {
    const { history } = store.get()
    store.set((state) => ({
      view,
      history: [...history.slice(0, -1), view],
      data: data ?? state.data,
    }))
  }

  function goBack() {
    const { view, history } = store.get()
    if (view === 'ConnectingFarcaster' && !deps.hasConnectedAddress?.()) {
      deps.clearFarcasterUrl?.()
      // The resync waits for the go-back cleanup delay, so it runs once the view has left.
      const resync = deps.resyncAuthConnector
      if (resync) setTimer(() => resync(), GO_BACK_CLEANUP_DELAY_MS)
    }
    const previous = history.slice(0, -1)
    const last = previous.at(-1)
    if (last === undefined) {
      deps.closeModal?.()
      return
    }
    store.set({ view: last, history: previous })
  }

  return {
    state: store,
    push,
    replace,
    reset(view, data) {
      store.set({ view, history: [view], data })
    },
    goBack,
    goBackToIndex(index) {
      const { history } = store.get()
      const view = history[index]
      if (view === undefined) return
      store.set({ view, history: history.slice(0, index + 1) })
    },
    pushTransactionStack(action) {
      transactionStack.push(action)
    },
    popTransactionStack(result) {
      const action = transactionStack.pop()
      if (!action) return false
      if (result === 'success') {
        if (action.goBack) goBack()
        else if (action.view && action.replace) replace(action.view)
        else if (action.view) push(action.view)
        action.onSuccess?.()
      } else {
        goBack()
        if (result === 'error') action.onError?.()
        else action.onCancel?.()
      }
      return true
    },
  }
}
