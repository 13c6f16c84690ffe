import { isPhrase, type Text } from '@latch/protocol/i18n'
import { SNACKBAR_RESHOW_DELAY_MS } from '../constants.ts'
import { displayText } from '../displayMessage.ts'
import { createStore, type ReadableStore } from '../store.ts'
import type { SnackbarState, SnackbarSvg, SnackbarVariant } from './types.ts'

/** How long a success or error snackbar stays: long enough to read a line. */
export const SNACKBAR_AUTO_CLOSE_MS = 2200

export type SnackbarTimers = {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export type SnackbarDeps = {
  /** Defaults to the global timers, looked up when called so fake timers apply. */
  timers?: SnackbarTimers
}

export type SnackbarController = {
  state: ReadableStore<SnackbarState>
  showSuccess(message: Text): void
  /** Shows the given text, or an error in plain words (displayText: never a raw internal error). */
  showError(error: Text | Error): void
  /** Stays until hidden or replaced. */
  showLoading(message: Text): void
  showSvg(message: Text, svg: SnackbarSvg): void
  hide(): void
}

const defaultTimers: SnackbarTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * Creates the snackbar of one instance: a new message replaces an open one after 150 ms.
 * @example snackbar.showSuccess('Address copied')
 */
export function createSnackbar(deps: SnackbarDeps = {}): SnackbarController {
  const timers = deps.timers ?? defaultTimers
  const store = createStore<SnackbarState>({
    message: '',
    variant: 'success',
    open: false,
    autoClose: false,
  })
  // One pending timer at most: the delayed show of the next message, or the auto close.
  let pending: { kind: 'show' | 'autoClose'; handle: unknown } | undefined

  function schedule(kind: 'show' | 'autoClose', ms: number, run: () => void) {
    const handle = timers.setTimeout(() => {
      pending = undefined
      run()
    }, ms)
    pending = { kind, handle }
  }

  function cancelPending() {
    if (pending) timers.clearTimeout(pending.handle)
    pending = undefined
  }

  function display(next: Omit<SnackbarState, 'open'>) {
    store.set({ ...next, open: true })
    if (next.autoClose)
      schedule('autoClose', SNACKBAR_AUTO_CLOSE_MS, () => store.set({ open: false }))
  }

  function show(message: Text, variant: SnackbarVariant, svg?: SnackbarSvg) {
    // A message waiting for its delayed show counts as open: the newest replaces it, still delayed.
    const busy = store.get().open || pending?.kind === 'show'
    cancelPending()
    const next = { message, variant, svg, autoClose: variant !== 'loading' }
    if (!busy) {
      display(next)
      return
    }
    // Close first so the old message animates out before the new one comes in.
    store.set({ open: false })
    schedule('show', SNACKBAR_RESHOW_DELAY_MS, () => display(next))
  }

  return {
    state: store,
    showSuccess: (message) => show(message, 'success'),
    showError: (error) =>
      show(typeof error === 'string' || isPhrase(error) ? error : displayText(error), 'error'),
    showLoading: (message) => show(message, 'loading'),
    showSvg: (message, svg) => show(message, 'success', svg),
    hide() {
      cancelPending()
      store.set({ open: false })
    },
  }
}
