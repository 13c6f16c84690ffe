import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAlerts } from '../alerts/createAlerts.ts'
import { KNOWN_ALERTS } from '../alerts/knownAlerts.ts'
import { createSender, FLUSH_DELAY_MS } from '../analytics/createSender.ts'
import type { WireEvent } from '../analytics/types.ts'
import { SDK_VERSION } from '../constants.ts'
import { createEvents } from '../events/createEvents.ts'
import type { LatchEvent } from '../events/types.ts'
import { createSnackbar } from '../snackbar/createSnackbar.ts'
import { reportKitErrors } from './reportKitErrors.ts'

function setup() {
  const events = createEvents()
  const seen: LatchEvent[] = []
  events.subscribe((event) => seen.push(event))
  const snackbar = createSnackbar()
  const alerts = createAlerts()
  reportKitErrors({
    snackbar: snackbar.state,
    alerts: alerts.state,
    events,
    view: () => 'Swap',
    chain: () => 'eip155:31337',
  })
  return { events, seen, snackbar, alerts }
}

describe('error telemetry', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_764_000_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reports each error toast and error alert once, with the sentence shown, view, chain and version', async () => {
    const { seen, snackbar, alerts } = setup()
    snackbar.showSuccess('Address copied')
    await vi.advanceTimersByTimeAsync(3000)
    snackbar.showError(new Error('connect ECONNREFUSED 10.0.0.1:8545'))
    alerts.raise(KNOWN_ALERTS.embeddedWalletLoadFailed)
    alerts.raise(KNOWN_ALERTS.sessionExpired)
    expect(seen).toEqual([
      {
        type: 'error',
        event: 'KIT_ERROR',
        properties: {
          message: 'Something went wrong',
          view: 'Swap',
          chain: 'eip155:31337',
          version: SDK_VERSION,
        },
      },
      {
        type: 'error',
        event: 'KIT_ERROR',
        properties: expect.objectContaining({ message: 'Embedded wallet load failed' }),
      },
    ])
  })

  it('sends at most 5 a minute from a page, and again the next minute', async () => {
    const { events, snackbar } = setup()
    const batches: WireEvent[][] = []
    const sender = createSender({
      serverUrl: 'http://127.0.0.1:8787',
      projectId: 'latch-dev',
      alerts: createAlerts(),
      page: {
        location: () => ({ href: 'http://127.0.0.1:5173/', host: '127.0.0.1:5173' }),
        onHide: () => {},
        sendBeacon: () => false,
      },
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        // A lone event is posted as itself (POST /e), several as an array (POST /batch).
        if (init?.method === 'POST') batches.push([JSON.parse(String(init.body))].flat())
        return new Response(JSON.stringify({ isAnalyticsEnabled: true }))
      }) as typeof fetch,
    })
    events.subscribe((event, at) => sender.push(event, at))
    const fail = async (index: number) => {
      snackbar.showError(`Failure ${index}`)
      await vi.advanceTimersByTimeAsync(3000)
    }
    for (let index = 1; index <= 6; index++) await fail(index)
    // 18 s so far; the first of them leaves the window 60 s after it was sent.
    await vi.advanceTimersByTimeAsync(60_000 - 18_000)
    await fail(7)
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS)
    expect(batches.flat().map((event) => event.props.message)).toEqual([
      'Failure 1',
      'Failure 2',
      'Failure 3',
      'Failure 4',
      'Failure 5',
      'Failure 7',
    ])
  })
})
