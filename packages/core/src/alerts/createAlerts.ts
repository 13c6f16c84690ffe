import { createStore, type ReadableStore } from '../store.ts'
import type { AlertState, AlertVariant, KnownAlert } from './types.ts'

export type AlertsController = {
  state: ReadableStore<AlertState>
  /** Shows a message of the site's own. */
  open(message: string, variant: AlertVariant): void
  /**
   * Shows one of the kit's alerts (KNOWN_ALERTS): title and message, at
   * most once per instance; raising it again does nothing.
   */
  raise(alert: KnownAlert): void
  close(): void
}

/**
 * Creates the alert banner of one instance: configuration and frame problems the site must fix.
 * @example alerts.raise(KNOWN_ALERTS.projectIdNotConfigured)
 */
export function createAlerts(): AlertsController {
  const store = createStore<AlertState>({ variant: 'info', open: false })
  // Each of the kit's alerts shows at most once per instance, known by its title, whoever raises
  // it and however often: what it says is a problem of the site or the page that saying it again
  // does not change, and the banner has no dismiss button that could ask for it again. close()
  // hides it and does not re-arm it. The site's own messages (open) are not counted.
  const raised = new Set<string>()
  return {
    state: store,
    open(message, variant) {
      store.set({ title: undefined, message, variant, open: true })
    },
    raise(alert) {
      if (raised.has(alert.shortMessage)) return
      raised.add(alert.shortMessage)
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
