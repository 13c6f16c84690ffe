import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAlerts } from '../alerts/createAlerts.ts'
import { createEvents } from '../events/createEvents.ts'
import { connectAnalytics } from './connectAnalytics.ts'
import { createSender, FLUSH_AT_EVENTS, FLUSH_DELAY_MS } from './createSender.ts'
import { analyticsAllowed } from './privacy.ts'
import type { AnalyticsPage, WireEvent } from './types.ts'

const SERVER = 'http://127.0.0.1:8787'

/** A stand-in server: answers the config as told and records each batch. */
function fakeServer(config: { status?: number; enabled?: boolean } = {}) {
  const batches: WireEvent[][] = []
  const calls: string[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    calls.push(url.split('?')[0] ?? url)
    if (url.includes('/getAnalyticsConfig')) {
      return new Response(JSON.stringify({ isAnalyticsEnabled: config.enabled ?? true }), {
        status: config.status ?? 200,
      })
    }
    const batch = JSON.parse(String(init?.body)) as WireEvent[]
    batches.push(batch)
    return new Response(JSON.stringify({ received: batch.length, stored: batch.length }), {
      status: config.status ?? 200,
    })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, batches, calls }
}

function fakePage() {
  let hide: (() => void) | undefined
  const beacons: { url: string; body: WireEvent[] }[] = []
  const page: AnalyticsPage = {
    location: () => ({ href: 'http://127.0.0.1:5173/shop?x=1', host: '127.0.0.1:5173' }),
    onHide: (flush) => {
      hide = flush
    },
    sendBeacon: (url, body) => {
      beacons.push({ url, body: JSON.parse(body) })
      return true
    },
  }
  return { page, beacons, hide: () => hide?.() }
}

let ids = 0
const setup = (config?: { status?: number; enabled?: boolean }) => {
  const server = fakeServer(config)
  const page = fakePage()
  const alerts = createAlerts()
  const sender = createSender({
    serverUrl: SERVER,
    projectId: 'latch-dev',
    alerts,
    page: page.page,
    fetch: server.fetch,
    randomId: () => `id-${++ids}`,
  })
  return { server, page, alerts, sender }
}

const open = { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } as const
const kitError = (message: string) =>
  ({
    type: 'error',
    event: 'KIT_ERROR',
    properties: { message, view: 'Connect', version: '0.1.0' },
  }) as const

describe('the analytics sender', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_764_000_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks the config only with the first event, then sends a batch after a few seconds', async () => {
    const { server, sender } = setup()
    expect(server.calls).toEqual([])
    sender.push(open, Date.now())
    sender.push(
      { type: 'track', event: 'SELECT_METHOD', properties: { method: 'wallet' } },
      Date.now(),
    )
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS - 1)
    expect(server.batches).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls).toEqual([`${SERVER}/getAnalyticsConfig`, `${SERVER}/batch`])
    expect(server.batches).toEqual([
      [
        {
          eventId: 'id-1',
          url: 'http://127.0.0.1:5173/shop?x=1',
          domain: '127.0.0.1:5173',
          timestamp: 1_764_000_000_000,
          props: { type: 'track', event: 'MODAL_OPEN', connected: false },
        },
        expect.objectContaining({
          props: { type: 'track', event: 'SELECT_METHOD', method: 'wallet' },
        }),
      ],
    ])
  })

  it(`sends at once when ${FLUSH_AT_EVENTS} events are queued`, async () => {
    const { server, sender } = setup()
    for (let index = 0; index < FLUSH_AT_EVENTS; index++) sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(0)
    expect(server.batches.map((batch) => batch.length)).toEqual([FLUSH_AT_EVENTS])
  })

  it('sends what is queued by beacon when the page is hidden, and nothing before the config answered', async () => {
    const { server, page, sender } = setup()
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(0)
    page.hide()
    expect(page.beacons).toHaveLength(1)
    expect(page.beacons[0]?.url).toBe(`${SERVER}/batch?projectId=latch-dev&st=latch&sv=0.1.0`)
    expect(page.beacons[0]?.body.map((event) => event.props.event)).toEqual(['MODAL_OPEN'])
    // Sent by beacon: the timer's flush finds nothing left.
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS)
    expect(server.batches).toEqual([])

    const early = setup()
    early.sender.push(open, Date.now())
    early.page.hide()
    expect(early.page.beacons).toEqual([])
  })

  it('drops everything when the project does not collect', async () => {
    const { server, page, sender } = setup({ enabled: false })
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS)
    sender.push(open, Date.now())
    page.hide()
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS)
    expect(server.calls).toEqual([`${SERVER}/getAnalyticsConfig`])
    expect(page.beacons).toEqual([])
  })

  it("raises 'Invalid App Configuration' once on a 403 and stops sending", async () => {
    const { server, alerts, sender } = setup({ status: 403 })
    const raise = vi.spyOn(alerts, 'raise')
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS)
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS * 3)
    expect(raise).toHaveBeenCalledTimes(1)
    expect(alerts.state.get()).toMatchObject({ title: 'Invalid App Configuration', open: true })
    expect(server.calls).toEqual([`${SERVER}/getAnalyticsConfig`])
  })

  it('raises the alert once when the batch itself is refused with 403', async () => {
    const server = fakeServer()
    const alerts = createAlerts()
    const raise = vi.spyOn(alerts, 'raise')
    const refusing = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/batch')
        ? new Response('{}', { status: 403 })
        : server.fetch(input, init),
    ) as unknown as typeof fetch
    const sender = createSender({
      serverUrl: SERVER,
      projectId: 'latch-dev',
      alerts,
      page: fakePage().page,
      fetch: refusing,
    })
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS)
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS)
    expect(raise).toHaveBeenCalledTimes(1)
    expect(
      vi.mocked(refusing).mock.calls.filter(([url]) => String(url).includes('/batch')),
    ).toHaveLength(1)
  })

  it('sends at most 5 error events in any 60 s, and again the next minute', async () => {
    const { server, sender } = setup()
    for (let index = 1; index <= 6; index++) sender.push(kitError(`error ${index}`), Date.now())
    // Tracked events are not capped.
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(59_000)
    sender.push(kitError('error 7'), Date.now())
    await vi.advanceTimersByTimeAsync(1_000)
    sender.push(kitError('error 8'), Date.now())
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS)
    const sent = server.batches.flat().map((event) => event.props.message ?? event.props.event)
    expect(sent).toEqual([
      'error 1',
      'error 2',
      'error 3',
      'error 4',
      'error 5',
      'MODAL_OPEN',
      'error 8',
    ])
  })

  it('never throws into the flow when the server is down', async () => {
    const alerts = createAlerts()
    const sender = createSender({
      serverUrl: SERVER,
      projectId: 'latch-dev',
      alerts,
      page: fakePage().page,
      fetch: (async () => {
        throw new TypeError('Failed to fetch')
      }) as typeof fetch,
    })
    expect(() => sender.push(open, Date.now())).not.toThrow()
    await expect(sender.flush()).resolves.toBeUndefined()
  })
})

describe('whether a page sends at all', () => {
  it('is off with features.analytics false, Do Not Track or Global Privacy Control', () => {
    expect(analyticsAllowed(undefined, {})).toBe(true)
    expect(analyticsAllowed(true, { doNotTrack: '0' })).toBe(true)
    expect(analyticsAllowed(false, {})).toBe(false)
    expect(analyticsAllowed(undefined, { doNotTrack: '1' })).toBe(false)
    expect(analyticsAllowed(undefined, { globalPrivacyControl: true })).toBe(false)
  })

  it('loads the sender with the first event and hands it the events before it loaded', async () => {
    const events = createEvents()
    const pushed: string[] = []
    const load = vi.fn(async () => ({
      push: (event: { event: string }) => pushed.push(event.event),
    }))
    connectAnalytics(events, load)
    expect(load).not.toHaveBeenCalled()
    events.emit(open)
    events.emit({ type: 'track', event: 'MODAL_CLOSE', properties: { connected: false } })
    await Promise.resolve()
    await Promise.resolve()
    events.emit(open)
    expect(load).toHaveBeenCalledTimes(1)
    expect(pushed).toEqual(['MODAL_OPEN', 'MODAL_CLOSE', 'MODAL_OPEN'])
  })

  it('keeps nothing when the page may not send', async () => {
    const events = createEvents()
    const load = vi.fn(async () => undefined)
    connectAnalytics(events, load)
    events.emit(open)
    await Promise.resolve()
    events.emit(open)
    expect(load).toHaveBeenCalledTimes(1)
  })
})
