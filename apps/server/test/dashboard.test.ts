import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DASHBOARD_PAGE_POLICY } from '../src/dashboard/page.ts'
import { DASHBOARD_OFF, NOT_LOGGED_IN, WRONG_TOKEN } from '../src/dashboard/routes.ts'
import { insertEvents, insertOrder } from './dashboardFixtures.ts'
import { startTestServer, type TestServer } from './helpers.ts'

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef'
const DAY = 86_400_000
const API = '/dashboard/api'

let server: TestServer
/** A second instance on the same database and Redis: the login limit is shared between them. */
let twin: TestServer
let ipCounter = 0
/** Each test its own IP, so the shared login limit of one never reaches another. */
const nextIp = () => `10.77.${Math.floor(Math.random() * 200)}.${++ipCounter}`

const login = (target: TestServer, token: string, ip = nextIp()) =>
  target.app.inject({
    method: 'POST',
    url: `${API}/login`,
    payload: { token },
    remoteAddress: ip,
  })

let cookie = ''
const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `${API}${url}`, headers: { cookie, ...headers } })

beforeAll(async () => {
  const env = { LATCH_ADMIN_TOKEN: ADMIN_TOKEN, REDIS_URL: inject('redisUrl') }
  server = await startTestServer('postgres', env)
  twin = await startTestServer('postgres', env, server.config.database)
  const response = await login(server, ADMIN_TOKEN)
  cookie = String(response.headers['set-cookie']).split(';')[0] as string
})

afterAll(async () => {
  await twin?.close()
  await server?.close()
})

describe('dashboard login', () => {
  it('refuses a wrong token and calls without a session, and lets the right token in', async () => {
    const wrong = await login(server, 'not-the-admin-token')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().message).toBe(WRONG_TOKEN)
    expect(wrong.headers['set-cookie']).toBeUndefined()

    for (const url of ['/session', '/projects', '/projects/latch-dev/connects']) {
      const anonymous = await server.app.inject({ url: `${API}${url}` })
      expect(anonymous.statusCode, url).toBe(401)
      expect(anonymous.json().message).toBe(NOT_LOGGED_IN)
    }
    // A cookie of the right shape that no login opened opens nothing.
    const forged = await get('/session', { cookie: `latch_dashboard=${'A'.repeat(43)}` })
    expect(forged.statusCode).toBe(401)

    const right = await login(server, ADMIN_TOKEN)
    expect(right.statusCode).toBe(200)
    const setCookie = String(right.headers['set-cookie'])
    expect(setCookie).toMatch(/^latch_dashboard=[A-Za-z0-9_-]{43};/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Strict')
    expect(setCookie).toContain('Path=/dashboard')
    const session = await get('/session', { cookie: setCookie.split(';')[0] as string })
    expect(session.statusCode).toBe(200)
    expect(session.json().role).toBe('admin')
    // The other instance accepts the same session: it is in the database they share.
    const elsewhere = await twin.app.inject({
      url: `${API}/projects`,
      headers: { cookie: setCookie.split(';')[0] as string },
    })
    expect(elsewhere.json().projects).toContainEqual({
      id: 'latch-dev',
      name: 'Latch development project',
    })
  })

  it('ends the session on the server at logout: the kept cookie is refused on every instance', async () => {
    const kept = String((await login(server, ADMIN_TOKEN)).headers['set-cookie']).split(
      ';',
    )[0] as string
    const withKept = { cookie: kept }
    expect((await get('/projects', withKept)).statusCode).toBe(200)
    // Logging out on one instance ends it on the other as well.
    const out = await twin.app.inject({ method: 'POST', url: `${API}/logout`, headers: withKept })
    expect(out.statusCode).toBe(204)
    expect(String(out.headers['set-cookie'])).toMatch(/^latch_dashboard=; Max-Age=0;/)
    for (const [instance, target] of [
      ['the same', server],
      ['the other', twin],
    ] as const)
      for (const url of ['/session', '/projects', '/projects/latch-dev/connects']) {
        const after = await target.app.inject({ url: `${API}${url}`, headers: withKept })
        expect(after.statusCode, `${url} on ${instance} instance`).toBe(401)
        expect(after.json().message).toBe(NOT_LOGGED_IN)
      }
    // Another login (another browser's session) goes on.
    expect((await get('/projects')).statusCode).toBe(200)
  })

  it('ends every session when the admin token changes', async () => {
    const kept = String((await login(server, ADMIN_TOKEN)).headers['set-cookie']).split(
      ';',
    )[0] as string
    const renewed = await startTestServer(
      'postgres',
      { LATCH_ADMIN_TOKEN: `${ADMIN_TOKEN}-new` },
      server.config.database,
    )
    try {
      const refused = await renewed.app.inject({
        url: `${API}/projects`,
        headers: { cookie: kept },
      })
      expect(refused.statusCode).toBe(401)
    } finally {
      await renewed.close()
    }
  })

  it('serves its page under a strict CSP, and no file outside its assets', async () => {
    const page = await server.app.inject({ url: '/dashboard' })
    expect(page.headers['content-security-policy']).toBe(DASHBOARD_PAGE_POLICY)
    expect(DASHBOARD_PAGE_POLICY).not.toMatch(/unsafe|\*/)
    for (const name of ['..%2F..%2Fpackage.json', '.hidden.js', 'missing.js']) {
      const asset = await server.app.inject({ url: `/dashboard/assets/${name}` })
      expect(asset.statusCode, name).toBe(404)
    }
  })

  it("answers only its own page: another site's script gets 403 even with the cookie", async () => {
    const crossSite = await get('/projects', { 'sec-fetch-site': 'same-site' })
    expect(crossSite.statusCode).toBe(403)
    const otherOrigin = await get('/projects', { origin: 'http://127.0.0.1:5173' })
    expect(otherOrigin.statusCode).toBe(403)
    const ownPage = await get('/projects', { 'sec-fetch-site': 'same-origin' })
    expect(ownPage.statusCode).toBe(200)
  })

  it('limits attempts per IP across instances through Redis (10 a minute), then 429', async () => {
    const ip = nextIp()
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await login(server, 'wrong-token-guess', ip)).statusCode).toBe(401)
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await login(twin, 'wrong-token-guess', ip)).statusCode).toBe(401)
    const limited = await login(server, ADMIN_TOKEN, ip)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toMatch(/^Too many login attempts: at most 10 per 60 s/)
    // Another IP is not held back by it.
    expect((await login(twin, ADMIN_TOKEN)).statusCode).toBe(200)
  })

  it('is off, saying how to turn it on, without LATCH_ADMIN_TOKEN', async () => {
    const off = await startTestServer(
      'postgres',
      { LATCH_ADMIN_TOKEN: undefined },
      server.config.database,
    )
    try {
      const response = await login(off, ADMIN_TOKEN)
      expect(response.statusCode).toBe(503)
      expect(response.json().message).toBe(DASHBOARD_OFF)
    } finally {
      await off.close()
    }
  })
})

describe('dashboard numbers', () => {
  beforeAll(async () => {
    const now = new Date()
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY)
    await server.db.query(
      `insert into projects (id, name, allowed_origins) values ('other-site', 'Other site', '{}')`,
    )
    await insertEvents(server.db, [
      { event: 'MODAL_OPEN', props: { connected: false }, at: now, times: 4 },
      { event: 'MODAL_OPEN', props: { connected: true }, at: now },
      { event: 'SELECT_METHOD', props: { method: 'wallet' }, at: now, times: 2 },
      { event: 'SELECT_METHOD', props: { method: 'email' }, at: now },
      {
        event: 'SELECT_WALLET',
        props: { name: 'MetaMask', platform: 'browser' },
        at: now,
        times: 2,
      },
      { event: 'SELECT_WALLET', props: { name: 'Rainbow', platform: 'qrcode' }, at: now },
      {
        event: 'CONNECT_SUCCESS',
        props: { method: 'browser', name: 'MetaMask', chain: 'eip155:31337' },
        at: now,
        times: 2,
      },
      {
        event: 'CONNECT_SUCCESS',
        props: { method: 'email', name: 'Email', chain: 'eip155:31337' },
        at: now,
      },
      {
        event: 'CONNECT_SUCCESS',
        props: { method: 'qrcode', name: 'Rainbow', chain: 'eip155:31338' },
        at: daysAgo(2),
      },
      { event: 'SEND_SUCCESS', props: { chain: 'eip155:31337', token: 'ETH' }, at: daysAgo(2) },
      {
        event: 'SWAP_SUCCESS',
        props: { chain: 'eip155:31337', from: 'ETH', to: 'USDC' },
        at: daysAgo(2),
      },
      { event: 'SIWX_AUTH_SUCCESS', props: { chain: 'eip155:31337' }, at: daysAgo(2), times: 2 },
      {
        event: 'SIWX_AUTH_ERROR',
        props: { chain: 'eip155:31337', message: 'Signature declined' },
        at: daysAgo(2),
      },
      { event: 'CLICK_CANCEL_SIWX', props: { chain: 'eip155:31337' }, at: daysAgo(2) },
      {
        event: 'KIT_ERROR',
        props: {
          message: 'Network unreachable',
          view: 'Account',
          chain: 'eip155:31337',
          version: '0.1.0',
        },
        at: now,
        times: 2,
      },
      // Finished days, read from the rollup: their views, chains and versions count as well.
      {
        event: 'KIT_ERROR',
        props: { message: 'Network unreachable', view: 'Account', version: '0.1.0' },
        at: daysAgo(5),
      },
      {
        event: 'KIT_ERROR',
        props: {
          message: 'Network unreachable',
          view: 'Swap',
          chain: 'eip155:31338',
          version: '0.2.0',
        },
        at: daysAgo(3),
      },
      // The toast of the declined sign-in below: the same message from another event.
      {
        event: 'KIT_ERROR',
        props: {
          message: 'Signature declined',
          view: 'SIWXSignMessage',
          chain: 'eip155:31337',
          version: '0.1.0',
        },
        at: daysAgo(2),
      },
      // One message met in seven views: its row names the five most common.
      ...[3, 1, 1, 1, 2, 1, 1].map((times, index) => ({
        event: 'KIT_ERROR',
        props: { message: 'Request was aborted', view: `View ${index + 1}`, version: '0.1.0' },
        at: now,
        times,
      })),
      {
        event: 'CONNECT_ERROR',
        props: { message: 'User rejected the request', method: 'browser' },
        at: daysAgo(1),
      },
      { event: 'ERROR_FETCH_TRANSACTIONS', props: { chain: 'eip155:31337' }, at: daysAgo(1) },
      // Outside the last 30 days, inside the last 90.
      {
        event: 'CONNECT_SUCCESS',
        props: { method: 'browser', name: 'MetaMask', chain: 'eip155:31337' },
        at: daysAgo(40),
        times: 5,
      },
      // Another project's events never show in this one's.
      {
        event: 'CONNECT_SUCCESS',
        props: { method: 'browser', name: 'MetaMask', chain: 'eip155:1' },
        at: now,
        times: 7,
        projectId: 'other-site',
      },
    ])
    await insertOrder(server.db, {
      status: 'completed',
      cents: 2500,
      currency: 'USD',
      at: daysAgo(3),
      paidAt: daysAgo(3),
    })
    await insertOrder(server.db, { status: 'created', cents: 1000, currency: 'USD', at: now })
    await insertOrder(server.db, {
      status: 'completed',
      cents: 9900,
      currency: 'EUR',
      at: daysAgo(60),
      paidAt: daysAgo(60),
    })
  })

  const chart = async (name: string, query = '') => {
    const response = await get(`/projects/latch-dev/${name}${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  it('counts connects per day over 30 days by default, and over the range asked for', async () => {
    const connects = await chart('connects')
    expect(connects.range.days).toBe(30)
    expect(connects.daily).toHaveLength(30)
    expect(connects.total).toBe(4)
    expect(connects.daily.at(-1)).toEqual({ day: connects.range.to, count: 3 })
    expect(connects.daily.at(-3).count).toBe(1)
    expect(connects.daily[0].day).toBe(connects.range.from)
    expect((await chart('connects', '?days=90')).total).toBe(9)
    const other = (await get('/projects/other-site/connects')).json()
    expect(other.total).toBe(7)
  })

  it('counts the funnel: opens before a connect, choices, connects', async () => {
    const funnel = await chart('funnel')
    expect(funnel.steps).toEqual([
      { step: 'opened', count: 4 },
      { step: 'choseMethod', count: 3 },
      { step: 'choseWallet', count: 3 },
      { step: 'connected', count: 4 },
    ])
    expect(funnel.daily.at(-1)).toMatchObject({ opened: 4, connected: 3 })
  })

  it('breaks connects down by method, wallet and chain', async () => {
    const methods = await chart('methods')
    expect(methods.chosen).toEqual([
      { name: 'wallet', count: 2 },
      { name: 'email', count: 1 },
    ])
    expect(methods.connected).toEqual([
      { name: 'browser', count: 2 },
      { name: 'email', count: 1 },
      { name: 'qrcode', count: 1 },
    ])
    expect((await chart('wallets')).wallets).toEqual([
      { name: 'MetaMask', chosen: 2, connected: 2 },
      { name: 'Rainbow', chosen: 1, connected: 1 },
    ])
    expect((await chart('chains')).chains).toEqual([
      { chain: 'eip155:31337', connects: 3, sends: 1, swaps: 1, signIns: 2 },
      { chain: 'eip155:31338', connects: 1, sends: 0, swaps: 0, signIns: 0 },
    ])
  })

  it('groups errors by message with counts, when each was last seen, and the views, chains and kit versions it occurred in', async () => {
    const errors = await chart('errors')
    expect(errors.total).toBe(18)
    const [aborted, unreachable, ...others] = errors.errors
    expect(aborted).toMatchObject({ event: 'KIT_ERROR', message: 'Request was aborted', count: 10 })
    // The five most common views, ties by name; no chain was reported with it.
    expect(aborted.views).toEqual([
      { name: 'View 1', count: 3 },
      { name: 'View 5', count: 2 },
      { name: 'View 2', count: 1 },
      { name: 'View 3', count: 1 },
      { name: 'View 4', count: 1 },
    ])
    expect(aborted.chains).toEqual([])
    expect(aborted.versions).toEqual([{ name: '0.1.0', count: 10 }])
    expect(unreachable).toEqual({
      event: 'KIT_ERROR',
      message: 'Network unreachable',
      count: 4,
      lastSeen: expect.any(String),
      views: [
        { name: 'Account', count: 3 },
        { name: 'Swap', count: 1 },
      ],
      chains: [
        { name: 'eip155:31337', count: 2 },
        { name: 'eip155:31338', count: 1 },
      ],
      versions: [
        { name: '0.1.0', count: 3 },
        { name: '0.2.0', count: 1 },
      ],
    })
    expect(Date.now() - Date.parse(unreachable.lastSeen)).toBeLessThan(60_000)
    // A declined sign-in is its event's row and its toast's: one occurrence each, not merged.
    expect(others).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'CONNECT_ERROR', message: 'User rejected the request' }),
        expect.objectContaining({
          event: 'SIWX_AUTH_ERROR',
          message: 'Signature declined',
          count: 1,
          views: [],
          chains: [{ name: 'eip155:31337', count: 1 }],
        }),
        expect.objectContaining({
          event: 'KIT_ERROR',
          message: 'Signature declined',
          count: 1,
          views: [{ name: 'SIWXSignMessage', count: 1 }],
          chains: [{ name: 'eip155:31337', count: 1 }],
          versions: [{ name: '0.1.0', count: 1 }],
        }),
        expect.objectContaining({ event: 'ERROR_FETCH_TRANSACTIONS', message: '', count: 1 }),
      ]),
    )
    expect(others).toHaveLength(4)
    // Today only: the two from today and the ten aborted requests.
    const today = await chart('errors', '?days=1')
    expect(today.total).toBe(12)
    expect(today.errors[1]).toMatchObject({
      message: 'Network unreachable',
      views: [{ name: 'Account', count: 2 }],
      versions: [{ name: '0.1.0', count: 2 }],
    })
  })

  it('counts sign-ins and on-ramp orders (from the orders table)', async () => {
    const signIns = await chart('signins')
    expect(signIns.totals).toEqual({ succeeded: 2, failed: 1, cancelled: 1 })
    expect(signIns.daily.at(-3)).toMatchObject({ succeeded: 2, failed: 1, cancelled: 1 })
    const onramp = await chart('onramp')
    expect(onramp.orders).toBe(2)
    expect(onramp.byStatus).toEqual(
      expect.arrayContaining([
        { status: 'completed', count: 1 },
        { status: 'created', count: 1 },
      ]),
    )
    expect(onramp.paid).toEqual([{ currency: 'USD', orders: 1, totalCents: 2500 }])
    expect((await chart('onramp', '?days=90')).paid).toHaveLength(2)
  })

  it('counts an event arriving now at once, and finished days once however often read', async () => {
    // Every test above read the rollup of the finished days; reading again adds nothing to them.
    expect((await chart('connects', '?days=90')).total).toBe(9)
    await insertEvents(server.db, [
      {
        event: 'CONNECT_SUCCESS',
        props: { method: 'browser', name: 'MetaMask', chain: 'eip155:31337' },
        at: new Date(),
      },
    ])
    expect((await chart('connects')).total).toBe(5)
    expect((await chart('connects', '?days=90')).total).toBe(10)
    expect((await chart('wallets')).wallets[0]).toEqual({
      name: 'MetaMask',
      chosen: 2,
      connected: 3,
    })
  })

  it('answers 400 for a bad range and 404 for an unknown project', async () => {
    for (const [query, message] of [
      ['?days=0', 'days is at least 1'],
      ['?days=366', 'days is at most 365'],
      ['?days=2.5', 'days must be a whole number'],
      ['?days=week', 'days must be a whole number'],
    ] as const) {
      const response = await get(`/projects/latch-dev/connects${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message).toContain(message)
    }
    const badId = await get('/projects/bad%20id/connects')
    expect(badId.statusCode).toBe(400)
    const unknown = await get('/projects/no-such-project/errors')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('No project "no-such-project" on this server')
  })
})
