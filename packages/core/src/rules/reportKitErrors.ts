import { englishText } from '@latch/protocol/i18n'
import type { AlertState } from '../alerts/types.ts'
import { SDK_VERSION } from '../constants.ts'
import type { EventsController } from '../events/createEvents.ts'
import type { SnackbarState } from '../snackbar/types.ts'
import type { ReadableStore } from '../store.ts'

/**
 * Every error that reaches the visitor (an error toast, an error alert) goes out as KIT_ERROR: the
 * sentence they saw (already plain words: displayMessage), the view, the network and the kit's
 * version, so the site's owner sees what their visitors meet. The sender caps them at 5 a minute.
 */
export function reportKitErrors(deps: {
  snackbar: ReadableStore<SnackbarState>
  alerts: ReadableStore<AlertState>
  events: Pick<EventsController, 'emit'>
  view(): string
  chain(): string | undefined
}): () => void {
  const report = (message: string) => {
    const chain = deps.chain()
    deps.events.emit({
      type: 'error',
      event: 'KIT_ERROR',
      properties: { message, view: deps.view(), version: SDK_VERSION, ...(chain ? { chain } : {}) },
    })
  }
  // A toast or alert counts when it opens, not on every later change of its state.
  const toasts = deps.snackbar.subscribe((state, previous) => {
    if (
      state.open &&
      state.variant === 'error' &&
      !(previous.open && englishText(previous.message) === englishText(state.message))
    )
      report(englishText(state.message))
  })
  const alerts = deps.alerts.subscribe((state, previous) => {
    const text = state.title ?? state.message
    if (!state.open || state.variant !== 'error' || !text) return
    if (previous.open && (previous.title ?? previous.message) === text) return
    report(text)
  })
  return () => {
    toasts()
    alerts()
  }
}
