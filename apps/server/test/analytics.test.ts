import { randomInt, randomUUID } from 'node:crypto'
import { LONE_SURROGATE_MESSAGE, telemetryBatchResponse } from '@latch/protocol'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { deleteExpiredEvents } from '../src/analytics/store.ts'
import { ProjectStore } from '../src/projects.ts'
import { DEMO_ORIGIN, freshDatabaseConfig, startTestServer, type TestServer } from './helpers.ts'

// The kit's usage and error events as the server takes them: two instances on one PostgreSQL
// database and one Redis, as a deployment runs them.

const RATE = 1000

type Row = {
  event_id: string
  type: string
  event: string
  url: string
  domain: string
  props: unknown
}

const event = (
  eventId: string,
  props: Record<string, unknown>,
  url = 'http://127.0.0.1:5173/',
) => ({
  eventId,
  url,
  domain: '127.0.0.1',
  timestamp: Date.now(),
  props,
})

describe('analytics ingestion', () => {
  let first: TestServer
  let second: TestServer
  beforeAll(async () => {
    const database = await freshDatabaseConfig('postgres')
    const env = { REDIS_URL: inject('redisUrl'), ANALYTICS_RATE_LIMIT: String(RATE) }
    first = await startTestServer('postgres', env, database)
    second = await startTestServer('postgres', env, database)
    await new ProjectStore(first.db).upsert({
      id: 'analytics-off',
      name: 'No analytics',
      allowedOrigins: [DEMO_ORIGIN],
      features: { analytics: { isEnabled: false } },
    })
  })
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()])
  })

  const post = (
    server: TestServer,
    path: '/e' | '/batch',
    body: unknown,
    options: { projectId?: string; origin?: string; ip?: string; text?: boolean } = {},
  ) =>
    server.app.inject({
      method: 'POST',
      url: `${path}?projectId=${options.projectId ?? 'latch-dev'}&st=latch&sv=0.1.0`,
      headers: {
        'content-type': options.text ? 'text/plain;charset=UTF-8' : 'application/json',
        origin: options.origin ?? DEMO_ORIGIN,
      },
      payload: JSON.stringify(body),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    })
  const rowsOf = (ids: string[]) =>
    first.db.query<Row>(
      `select event_id, type, event, url, domain, props from analytics_events
       where event_id = any($1) order by event_id`,
      [ids],
    )

  it('stores one event from POST /e without the query and fragment, once however often it is sent', async () => {
    const id = randomUUID()
    const sent = event(
      id,
      {
        type: 'track',
        event: 'CONNECT_SUCCESS',
        method: 'browser',
        name: 'Test Wallet',
        chain: 'eip155:31337',
      },
      'http://127.0.0.1:5173/checkout?email=a%40b.c#otp=123456',
    )
    const answer = await post(first, '/e', sent)
    expect(answer.statusCode).toBe(200)
    expect(telemetryBatchResponse.parse(answer.json())).toEqual({
      received: 1,
      stored: 1,
      isAnalyticsEnabled: true,
    })
    // Resent (a retry, a beacon after a fetch that did arrive), through either instance: no new row.
    expect((await post(first, '/e', sent)).json().stored).toBe(0)
    expect((await post(second, '/e', sent, { text: true })).json().stored).toBe(0)
    expect(await rowsOf([id])).toEqual([
      {
        event_id: id,
        type: 'track',
        event: 'CONNECT_SUCCESS',
        url: 'http://127.0.0.1:5173/checkout',
        domain: '127.0.0.1',
        props: { method: 'browser', name: 'Test Wallet', chain: 'eip155:31337' },
      },
    ])
  })

  it('stores a beacon batch once when both instances take it at the same time', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()].sort()
    const batch = [
      event(ids[0] as string, { type: 'track', event: 'MODAL_OPEN', connected: false }),
      event(ids[1] as string, { type: 'track', event: 'SELECT_METHOD', method: 'wallet' }),
      event(ids[2] as string, {
        type: 'error',
        event: 'KIT_ERROR',
        message: 'Something went wrong',
        view: 'Connect',
        version: '0.1.0',
      }),
    ]
    const answers = await Promise.all([
      post(first, '/batch', batch, { text: true }),
      post(second, '/batch', batch, { text: true }),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    const bodies = answers.map((answer) => telemetryBatchResponse.parse(answer.json()))
    expect(bodies.map((body) => body.received)).toEqual([3, 3])
    expect((bodies[0]?.stored ?? 0) + (bodies[1]?.stored ?? 0)).toBe(3)
    const rows = await rowsOf(ids)
    expect(rows.map((row) => [row.type, row.event])).toEqual(
      ids.map((id) => {
        const sent = batch.find((entry) => entry.eventId === id)
        return [sent?.props.type, sent?.props.event]
      }),
    )
  })

  it('answers bad events with 400 and a message, and stores none of the batch', async () => {
    const good = event(randomUUID(), { type: 'track', event: 'MODAL_OPEN', connected: true })
    const bad: [unknown, RegExp][] = [
      [{ ...good, props: { type: 'metric', event: 'MODAL_OPEN' } }, /props\.type/],
      [{ ...good, props: { type: 'track', event: 'modal open' } }, /props\.event/],
      [
        { ...good, props: { type: 'track', event: 'MODAL_OPEN', note: 'x'.repeat(9000) } },
        /8192 bytes/,
      ],
      [
        { ...good, props: { type: 'track', event: 'MODAL_OPEN', deep: { a: '\u0085' } } },
        /Control/,
      ],
      [
        { ...good, props: { type: 'track', event: 'MODAL_OPEN', name: 'a\u0000b' } },
        /Control characters/,
      ],
      [{ ...good, url: '/relative' }, /url: Expected an absolute URL/],
      [{ ...good, timestamp: 1_700_000_000 }, /timestamp/],
    ]
    for (const [body, message] of bad) {
      const single = await post(first, '/e', body)
      expect(single.statusCode, JSON.stringify(body)).toBe(400)
      expect(single.json().message).toMatch(message)
      const batch = await post(first, '/batch', [good, body])
      expect(batch.statusCode).toBe(400)
    }
    const notJson = await first.app.inject({
      method: 'POST',
      url: '/batch?projectId=latch-dev',
      headers: { 'content-type': 'text/plain' },
      payload: '[{"eventId":',
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().message).toBe('Body is not valid JSON')
    expect(await rowsOf([good.eventId])).toEqual([])
  })

  it('refuses a lone surrogate in any string of an event with 400 and a message, and its whole batch', async () => {
    // One statement stores a batch: a batch holding a string PostgreSQL cannot take as JSON is
    // refused as a whole, as for any other bad field, so the kit learns which event is wrong.
    const good = event(randomUUID(), { type: 'track', event: 'MODAL_OPEN', connected: true })
    const props = good.props as Record<string, unknown>
    const bad: [unknown, RegExp][] = [
      [{ ...good, eventId: 'e\ud800' }, /^body\.eventId: /],
      [{ ...good, url: 'http://127.0.0.1:5173/\udc00' }, /^body\.url: /],
      [{ ...good, domain: '\ud83d127.0.0.1' }, /^body\.domain: /],
      [{ ...good, props: { ...props, event: 'MODAL_OPEN\ud800' } }, /^body\.props\.event: /],
      [{ ...good, props: { ...props, wallet: 'Meta\udfffMask' } }, /^body\.props: /],
      [{ ...good, props: { ...props, deep: [{ name: '\ud800' }] } }, /^body\.props: /],
      [{ ...good, props: { ...props, '\udc00key': 'x' } }, /^body\.props: /],
    ]
    for (const [body, where] of bad) {
      for (const text of [false, true]) {
        const single = await post(first, '/e', body, { text })
        expect(single.statusCode, `${JSON.stringify(body)}: ${single.body}`).toBe(400)
        expect(single.json().message).toMatch(where)
        expect(single.json().message).toContain(LONE_SURROGATE_MESSAGE)
        const batch = await post(first, '/batch', [good, body], { text })
        expect(batch.statusCode, batch.body).toBe(400)
        expect(batch.json().message).toContain(LONE_SURROGATE_MESSAGE)
      }
    }
    expect(await rowsOf([good.eventId])).toEqual([])
    // A whole character written as a surrogate pair is text like any other, and is kept.
    const emoji = event(randomUUID(), { type: 'track', event: 'MODAL_OPEN', wallet: '🦊 Fox' })
    const kept = await post(first, '/batch', [good, emoji])
    expect(kept.json()).toEqual({ received: 2, stored: 2, isAnalyticsEnabled: true })
    const rows = await rowsOf([good.eventId, emoji.eventId].sort())
    expect(rows.map((row) => (row.props as { wallet?: string }).wallet)).toContain('🦊 Fox')
  })

  it('refuses an unknown project (401) and an origin the project does not allow (403)', async () => {
    const sent = event(randomUUID(), { type: 'track', event: 'MODAL_OPEN', connected: false })
    const unknown = await post(first, '/e', sent, { projectId: 'no-such-project' })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().message).toMatch(/Invalid Project ID/)
    const foreign = await post(first, '/batch', [sent], { origin: 'https://elsewhere.example' })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().message).toMatch(/not allowed/)
    const config = await first.app.inject({
      method: 'GET',
      url: '/getAnalyticsConfig?projectId=latch-dev',
      headers: { origin: 'https://elsewhere.example' },
    })
    expect(config.statusCode).toBe(403)
    expect(await rowsOf([sent.eventId])).toEqual([])
  })

  it('counts and drops the events of a project whose analytics is off, and tells the kit so', async () => {
    const config = (projectId: string) =>
      first.app.inject({ method: 'GET', url: `/getAnalyticsConfig?projectId=${projectId}` })
    expect((await config('latch-dev')).json()).toEqual({ isAnalyticsEnabled: true })
    expect((await config('analytics-off')).json()).toEqual({ isAnalyticsEnabled: false })
    const sent = event(randomUUID(), { type: 'track', event: 'MODAL_OPEN', connected: false })
    const answer = await post(first, '/batch', [sent], { projectId: 'analytics-off' })
    expect(answer.json()).toEqual({ received: 1, stored: 0, isAnalyticsEnabled: false })
    expect(await rowsOf([sent.eventId])).toEqual([])
  })

  it('limits the events one IP sends per second across both instances', async () => {
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
    // A second's worth, split over the instances, passes; one more event is refused by either.
    const batch = Array.from({ length: RATE / 2 }, () =>
      event(randomUUID(), { type: 'track', event: 'MODAL_CLOSE', connected: false }),
    )
    expect((await post(first, '/batch', batch, { ip })).statusCode).toBe(200)
    expect((await post(second, '/batch', batch, { ip })).statusCode).toBe(200)
    const refused = await post(first, '/e', batch[0], { ip })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(refused.json().message).toMatch(/events per second/)
    expect((await post(second, '/e', batch[0], { ip })).statusCode).toBe(429)
  })

  it('deletes events received before the retention, keeps the rest, and repeats as a no-op', async () => {
    expect(first.config.analytics.retentionDays).toBe(180)
    const old = randomUUID()
    const recent = randomUUID()
    await first.db.query(
      `insert into analytics_events (project_id, event_id, type, event, url, domain, occurred_at, received_at)
       values ('latch-dev', $1, 'track', 'MODAL_OPEN', 'http://a/', 'a', now(), now() - interval '181 days'),
              ('latch-dev', $2, 'track', 'MODAL_OPEN', 'http://a/', 'a', now(), now() - interval '179 days')`,
      [old, recent],
    )
    // Both instances delete at once: the old row goes once, the recent one stays.
    const deleted = await Promise.all([
      deleteExpiredEvents(first.db, 180),
      deleteExpiredEvents(second.db, 180),
    ])
    expect(deleted[0] + deleted[1]).toBe(1)
    expect((await rowsOf([old, recent])).map((row) => row.event_id)).toEqual([recent])
    expect(await deleteExpiredEvents(first.db, 180)).toBe(0)
  })
})
