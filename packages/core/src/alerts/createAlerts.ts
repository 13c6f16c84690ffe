import { createStore, type ReadableStore } from '../store.ts'
import type { AlertState, AlertVariant, KnownAlert } from './types.ts'

export type AlertsController = {
  state: ReadableStore<AlertState>
  /** Shows a message of the site's own. */
  open(message: string, variant: AlertVariant): void
  /** Shows one of the kit's alerts (KNOWN_ALERTS, originNotAllowedAlert): title and message. */
  raise(alert: KnownAlert): void
  close(): void
}

/**
 * Creates the alert banner of one instance: configuration and frame problems the site must fix.
 * @example alerts.raise(KNOWN_ALERTS.projectIdNotConfigured)
 */
export function createAlerts(): AlertsController {
  const store = createStore<AlertState>({ variant: 'info', open: false })
  return {
    state: store,
    open(message, variant) {
      store.set({ title: undefined, message, variant, open: true })
    },
    raise(alert) {
      store.set({
        title: alert.shortMessage,
        message: alert.longMessage,
        variant: alert.variant,
        open: true,
      })
    },
    // Message and variant stay so the banner can animate out with its text.
    close: () => store.set({ open: false }),
  }
}
