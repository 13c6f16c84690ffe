/** One event as the server takes it (alone to POST /e, in an array to POST /batch). */
export type WireEvent = {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: { type: 'track' | 'error'; event: string } & Record<string, unknown>
}

/** What the sender reads of the page; the browser's own by default, a stand-in in tests. */
export type AnalyticsPage = {
  /** The page's URL and host, read when an event is queued. */
  location(): { href: string; host: string }
  /** Calls `flush` when the page is hidden or left (pagehide, visibilitychange to hidden). */
  onHide(flush: () => void): void
  /** navigator.sendBeacon: false when the browser would not queue the body. */
  sendBeacon(url: string, body: string): boolean
}
