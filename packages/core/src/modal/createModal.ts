import type { EventsController } from '../events/index.ts'
import type { RouterController, RouterData, ViewName } from '../router/index.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import { createStore, type ReadableStore } from '../store.ts'
import type { ModalState } from './types.ts'

export type ModalDeps = {
  router: RouterController
  isConnected: () => boolean
  /** Whether the site requires sign-in (part of the close-disabled rule). */
  isSignInRequired: () => boolean
  /** Whether a sign-in session exists. */
  hasSession: () => boolean
  /** When given, MODAL_OPEN and MODAL_CLOSE are tracked through it. */
  events?: EventsController
}

export type OpenModalOptions = {
  /** The view to open at; defaults to Account when connected, Connect otherwise. */
  view?: ViewName
  data?: RouterData
  namespace?: ChainNamespace
}

export type ModalController = {
  state: ReadableStore<ModalState>
  /** Opens with a fresh history at `view`, or at Account or Connect; when open, only a given view navigates. */
  open(options?: OpenModalOptions): void
  /** Closes unless closing is disabled; returns whether the modal is now closed. */
  close(): boolean
  /** True while sign-in is required, no session exists and the sign or approve view shows. */
  isCloseDisabled(): boolean
  setLoading(loading: boolean): void
}

// The views a required sign-in must not be escaped from.
const SIGN_IN_VIEWS: readonly ViewName[] = ['SIWXSignMessage', 'ApproveTransaction']

/**
 * Creates the open/closed state of one modal.
 * @example const modal = createModal({ router, isConnected, isSignInRequired, hasSession }); modal.open()
 */
export function createModal(deps: ModalDeps): ModalController {
  const { router, events } = deps
  const store = createStore<ModalState>({ open: false, loading: false })

  function isCloseDisabled() {
    return (
      deps.isSignInRequired() &&
      !deps.hasSession() &&
      SIGN_IN_VIEWS.includes(router.state.get().view)
    )
  }

  return {
    state: store,
    open(options = {}) {
      const wasOpen = store.get().open
      if (options.view) router.reset(options.view, options.data)
      else if (!wasOpen) router.reset(deps.isConnected() ? 'Account' : 'Connect', options.data)
      store.set({ open: true, namespace: options.namespace })
      if (!wasOpen) {
        events?.emit({
          type: 'track',
          event: 'MODAL_OPEN',
          properties: { connected: deps.isConnected() },
        })
      }
    },
    close() {
      if (isCloseDisabled()) return false
      if (!store.get().open) return true
      store.set({ open: false })
      events?.emit({
        type: 'track',
        event: 'MODAL_CLOSE',
        properties: { connected: deps.isConnected() },
      })
      return true
    },
    isCloseDisabled,
    setLoading: (loading) => store.set({ loading }),
  }
}
