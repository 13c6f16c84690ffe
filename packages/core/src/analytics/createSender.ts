import { ROUTES } from '@latch/protocol/routes'
import type { AlertsController } from '../alerts/createAlerts.ts'
import { KNOWN_ALERTS } from '../alerts/knownAlerts.ts'
import { SDK_TYPE, SDK_VERSION } from '../constants.ts'
import type { LatchEvent } from '../events/types.ts'
import { createErrorCap } from './errorCap.ts'
import type { AnalyticsPage, WireEvent } from './types.ts'

/** How long an event waits for others to join its batch. */
export const FLUSH_DELAY_MS = 5_000
/** A batch this full goes at once. */
export const FLUSH_AT_EVENTS = 20

export type SenderDeps = {
  serverUrl: string
  projectId: string
  alerts: Pick<AlertsController, 'raise'>
  page: AnalyticsPage
  fetch?: typeof fetch
  /** A fresh id per event, so a resent batch is stored once. */
  randomId?: () => string
}

export type Sender = {
  /** Queues one of the kit's events; never throws and never waits. */
  push(event: LatchEvent, timestamp: number): void
  /** Sends what is queued now (the page is going away: by beacon). */
  flush(options?: { beacon?: boolean }): Promise<void>
}

const defaultId = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36)}`

// The sender is its own chunk, loaded with the first event: the alert's text comes along.

/**
 * The kit's events on their way to the server: queued, sent every few seconds or at 20, and by
 * beacon when the page is hidden; a lone event as POST /e, several as one POST /batch. It asks
 * the server once, with the first event, whether the project collects (GET /getAnalyticsConfig);
 * off, it drops everything. A 403 (the page's origin is not the project's) raises 'Invalid App
 * Configuration' (the alerts show it once) and stops it. Errors (type 'error') are capped at 5 a
 * minute.
 */
export function createSender(deps: SenderDeps): Sender {
  const fetchFn = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const randomId = deps.randomId ?? defaultId
  const errorCap = createErrorCap()
  const query = `projectId=${encodeURIComponent(deps.projectId)}&st=${SDK_TYPE}&sv=${SDK_VERSION}`
  const url = (path: string) => `${deps.serverUrl.replace(/\/$/, '')}${path}?${query}`
  let queue: WireEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  // Undefined until asked; then whether the project collects (false on any failure).
  let enabled: Promise<boolean> | undefined
  let collects: boolean | undefined

  function stop() {
    stopped = true
    queue = []
    clearTimeout(timer)
  }

  /** A 403: the server refuses this page for the project; nothing more is sent. */
  function refused() {
    stop()
    deps.alerts.raise(KNOWN_ALERTS.invalidAppConfiguration)
  }

  function askConfig(): Promise<boolean> {
    enabled ??= fetchFn(url(ROUTES.analyticsConfig.path))
      .then(async (response) => {
        if (response.status === 403) refused()
        if (!response.ok) return false
        return (
          ((await response.json()) as { isAnalyticsEnabled?: unknown }).isAnalyticsEnabled === true
        )
      })
      .catch(() => false)
      .then((answer) => {
        collects = answer
        if (!answer) stop()
        return answer
      })
    return enabled
  }

  async function flush(options: { beacon?: boolean } = {}) {
    clearTimeout(timer)
    timer = undefined
    // A beacon cannot wait for the config: unknown yet, nothing is sent.
    if (options.beacon ? collects !== true : !(await askConfig())) return
    if (stopped || queue.length === 0) return
    const batch = queue
    queue = []
    // A lone event goes as itself to POST /e, several as an array to POST /batch.
    const [path, body] =
      batch.length === 1
        ? [ROUTES.analyticsEvent.path, JSON.stringify(batch[0])]
        : [ROUTES.analyticsBatch.path, JSON.stringify(batch)]
    if (options.beacon && deps.page.sendBeacon(url(path), body)) return
    try {
      // text/plain keeps it a simple request (no preflight), as a beacon's; the server reads JSON.
      const response = await fetchFn(url(path), {
        method: 'POST',
        body,
        headers: { 'content-type': 'text/plain' },
        keepalive: true,
      })
      if (response.status === 403) refused()
    } catch {
      // Usage events are best effort: a failed send is dropped, the page goes on.
    }
  }

  deps.page.onHide(() => void flush({ beacon: true }))

  return {
    push(event, timestamp) {
      if (stopped) return
      if (event.type === 'error' && !errorCap.take(timestamp)) return
      const { href, host } = deps.page.location()
      queue.push({
        eventId: randomId(),
        url: href,
        domain: host,
        timestamp,
        props: { ...event.properties, type: event.type, event: event.event },
      })
      void askConfig()
      if (queue.length >= FLUSH_AT_EVENTS) void flush()
      else timer ??= setTimeout(() => void flush(), FLUSH_DELAY_MS)
    },
    flush,
  }
}
