import type { AnalyticsPage } from './types.ts'

/** The browser's page for the sender: its location, its hide events and its beacon. */
export function browserPage(): AnalyticsPage {
  return {
    location: () => ({ href: globalThis.location.href, host: globalThis.location.host }),
    onHide(flush) {
      // pagehide covers leaving (and the back-forward cache); a hidden tab may never come back.
      globalThis.addEventListener('pagehide', flush)
      globalThis.document?.addEventListener('visibilitychange', () => {
        if (globalThis.document.visibilityState === 'hidden') flush()
      })
    },
    sendBeacon: (url, body) => globalThis.navigator?.sendBeacon?.(url, body) ?? false,
  }
}
