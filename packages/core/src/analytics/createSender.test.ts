import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_ORIGIN, listeningTestServer } from '../../../../apps/server/test/helpers.ts'
import { type AlertsController, createAlerts } from '../alerts/createAlerts.ts'
import { createEvents } from '../events/createEvents.ts'
import { connectAnalytics } from './connectAnalytics.ts'
import { createSender, FLUSH_AT_EVENTS, FLUSH_DELAY_MS } from './createSender.ts'
import { analyticsAllowed } from './privacy.ts'
import type { AnalyticsPage, WireEvent } from './types.ts'

const SERVER = 'http://127.0.0.1:8787'

/**
 * A stand-in server: answers the config as told and records each post by its path. Like the real
 * one, POST /e takes one event and POST /batch an array, and anything else is a 400.
 */
function fakeServer(config: { status?: number; enabled?: boolean } = {}) {
  const batches: WireEvent[][] = []
  const posts: { path: string; events: WireEvent[] }[] = []
  const calls: string[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    calls.push(url.split('?')[0] ?? url)
    const path = new URL(url).pathname
    if (path === '/getAnalyticsConfig') {
      return new Response(JSON.stringify({ isAnalyticsEnabled: config.enabled ?? true }), {
        status: config.status ?? 200,
      })
    }
    const body = JSON.parse(String(init?.body)) as WireEvent | WireEvent[]
    if (Array.isArray(body) !== (path === '/batch')) return new Response('{}', { status: 400 })
    const events = Array.isArray(body) ? body : [body]
    batches.push(events)
    posts.push({ path, events })
    return new Response(JSON.stringify({ received: events.length, stored: events.length }), {
      status: config.status ?? 200,
    })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, batches, posts, calls }
}

function fakePage() {
  let hide: (() => void) | undefined
  const beacons: { url: string; body: WireEvent | WireEvent[] }[] = []
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

/** The titles of the alerts a visitor saw open, in order. */
function alertsShown(alerts: AlertsController): (string | undefined)[] {
  const shown: (string | undefined)[] = []
  alerts.state.subscribe((state, previous) => {
    if (state.open && !previous.open) shown.push(state.title)
  })
  return shown
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
    expect(server.posts.map((post) => [post.path, post.events.length])).toEqual([
      ['/batch', FLUSH_AT_EVENTS],
    ])
  })

  it('sends a lone event as itself to POST /e', async () => {
    const { server, sender } = setup()
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS)
    expect(server.calls).toEqual([`${SERVER}/getAnalyticsConfig`, `${SERVER}/e`])
    expect(server.posts).toEqual([
      {
        path: '/e',
        events: [
          {
            eventId: expect.any(String),
            url: 'http://127.0.0.1:5173/shop?x=1',
            domain: '127.0.0.1:5173',
            timestamp: 1_764_000_000_000,
            props: { type: 'track', event: 'MODAL_OPEN', connected: false },
          },
        ],
      },
    ])
  })

  it('sends what is queued by beacon when the page is hidden, and nothing before the config answered', async () => {
    const { server, page, sender } = setup()
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(0)
    page.hide()
    sender.push(open, Date.now())
    sender.push(open, Date.now())
    page.hide()
    const query = '?projectId=latch-dev&st=latch&sv=0.1.0'
    // One event goes alone to /e, two as an array to /batch.
    expect(page.beacons.map((beacon) => beacon.url)).toEqual([
      `${SERVER}/e${query}`,
      `${SERVER}/batch${query}`,
    ])
    expect(page.beacons[0]?.body).toMatchObject({ props: { event: 'MODAL_OPEN' } })
    expect(page.beacons[1]?.body).toEqual([
      expect.objectContaining({ props: expect.objectContaining({ event: 'MODAL_OPEN' }) }),
      expect.objectContaining({ props: expect.objectContaining({ event: 'MODAL_OPEN' }) }),
    ])
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
    const shown = alertsShown(alerts)
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS)
    sender.push(open, Date.now())
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS * 3)
    expect(shown).toEqual(['Invalid App Configuration'])
    expect(alerts.state.get()).toMatchObject({ title: 'Invalid App Configuration', open: true })
    expect(server.calls).toEqual([`${SERVER}/getAnalyticsConfig`])
  })

  it('raises the alert once when the events themselves are refused with 403', async () => {
    const server = fakeServer()
    const alerts = createAlerts()
    const shown = alertsShown(alerts)
    const posted: string[] = []
    const refusing = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method !== 'POST') return server.fetch(input, init)
      posted.push(new URL(String(input)).pathname)
      return new Response('{}', { status: 403 })
    }) as typeof fetch
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
    expect(shown).toEqual(['Invalid App Configuration'])
    expect(posted).toEqual(['/e'])
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

describe('the sender against the Latch server', () => {
  const latchServer = listeningTestServer()

  /** A page on `origin`: the sender's calls carry it as the browser would, each answer recorded. */
  function pageOn(origin: string) {
    const answers: [path: string, status: number][] = []
    const page: AnalyticsPage = {
      location: () => ({ href: `${origin}/shop`, host: new URL(origin).host }),
      onHide: () => {},
      sendBeacon: () => false,
    }
    const pageFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), origin },
      })
      answers.push([new URL(String(input)).pathname, response.status])
      return response
    }
    const alerts = createAlerts()
    const shown = alertsShown(alerts)
    const sender = createSender({
      serverUrl: latchServer.url,
      projectId: 'latch-dev',
      alerts,
      page,
      fetch: pageFetch,
    })
    return { sender, answers, shown, alerts }
  }

  const storedFrom = async (domain: string) =>
    Number(
      (
        await latchServer.server.db.query<{ count: string | number }>(
          'select count(*) as count from analytics_events where domain = $1',
          [domain],
        )
      )[0]?.count,
    )

  it('stores a lone event from POST /e and several from POST /batch of the allowed origin', async () => {
    const { sender, answers, shown } = pageOn(DEMO_ORIGIN)
    sender.push(open, Date.now())
    await sender.flush()
    sender.push(open, Date.now())
    sender.push(kitError('Something went wrong'), Date.now())
    await sender.flush()
    expect(answers).toEqual([
      ['/getAnalyticsConfig', 200],
      ['/e', 200],
      ['/batch', 200],
    ])
    expect(await storedFrom(new URL(DEMO_ORIGIN).host)).toBe(3)
    expect(shown).toEqual([])
  })

  it("a page on an origin the project does not allow sees 'Invalid App Configuration' exactly once, and nothing is stored", async () => {
    const { sender, answers, shown, alerts } = pageOn('https://shop.example')
    // Events as a visitor makes them: some at once, more later, flushes overlapping.
    sender.push(open, Date.now())
    sender.push(kitError('Something went wrong'), Date.now())
    await Promise.all([sender.flush(), sender.flush()])
    // The site hides the banner; what the visitor does next does not bring it back.
    alerts.close()
    sender.push(open, Date.now())
    await sender.flush()
    expect(shown).toEqual(['Invalid App Configuration'])
    // The server said no once; nothing more was sent.
    expect(answers).toEqual([['/getAnalyticsConfig', 403]])
    expect(await storedFrom('shop.example')).toBe(0)
  })
})
