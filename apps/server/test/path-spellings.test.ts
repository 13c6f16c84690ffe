import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminSessions, SESSION_COOKIE } from '../src/dashboard/adminSession.ts'
import { WalletSessionStore } from '../src/embedded/sessions.ts'
import { loginByEmail } from './embeddedFixtures.ts'
import { DEMO_ORIGIN, startTestServer, type TestServer } from './helpers.ts'

// A route answers the same whichever spelling of its path reaches it. The router decodes
// percent-escapes (/%77allet/v1/rpc is /wallet/v1/rpc) and takes an absolute-form target
// (POST http://host/wallet/v1/rpc), so a check that reads the raw URL is skipped for those
// spellings. The sweep takes every route of the OpenAPI document, the frame origin's and the
// API's, so a route added later is swept too. Requests go over real HTTP: an injected request's
// URL is normalised before the server sees it.

const ADMIN_TOKEN = 'path-spellings-admin-token-0123456789'

type Answer = { status: number; headers: Record<string, string | undefined>; message?: string }

/** The headers a check decides: caching, the page policy, CORS. */
const COMPARED_HEADERS = [
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'access-control-allow-origin',
  'access-control-allow-credentials',
]

/** One request over a socket, its target sent as written. */
function send(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: {
          ...headers,
          ...(body !== undefined && {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          }),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => {
          let message: string | undefined
          try {
            message = (JSON.parse(text) as { message?: string }).message
          } catch {
            message = undefined
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(
              COMPARED_HEADERS.map((name) => [name, response.headers[name] as string | undefined]),
            ),
            message,
          })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

const escapeCharacter = (character: string, upper: boolean) => {
  const hex = character.charCodeAt(0).toString(16).padStart(2, '0')
  return `%${upper ? hex.toUpperCase() : hex}`
}

/** Every character of the path but its slashes as a percent-escape. */
const escapeAll = (path: string, upper: boolean) =>
  path.replace(/[^/]/g, (character) => escapeCharacter(character, upper))

/** The first character of the path's segment `index` as a percent-escape. */
const escapeSegmentStart = (path: string, index: number) =>
  path
    .split('/')
    .map((segment, at) =>
      at === index + 1 && segment
        ? `${escapeCharacter(segment[0] as string, false)}${segment.slice(1)}`
        : segment,
    )
    .join('/')

/** The answer of the not-found handler: no route took the request. */
const noRoute = (answer: Answer) => answer.status === 404 && /^No route /.test(answer.message ?? '')

type Spelling = { name: string; target: string; routed: boolean }

/**
 * Other spellings of `path`, each followed by `query`. `routed`: the router takes it to the same
 * route, so the answer must be the plain path's; the others may instead find no route (404),
 * never another answer.
 */
function spellingsOf(path: string, origin: string, query: string): Spelling[] {
  const segments = path.split('/').filter(Boolean)
  const slash = path.indexOf('/', 1)
  const paths: Spelling[] = [
    ...segments.map((segment, index) => ({
      name: `"${segment[0]}" of segment ${index + 1} escaped`,
      target: escapeSegmentStart(path, index),
      routed: true,
    })),
    {
      name: 'every character escaped, lower-case hex',
      target: escapeAll(path, false),
      routed: true,
    },
    {
      name: 'every character escaped, upper-case hex',
      target: escapeAll(path, true),
      routed: true,
    },
    { name: 'absolute-form target', target: `${origin}${path}`, routed: true },
    {
      name: 'absolute-form target, escaped',
      target: `${origin}${escapeSegmentStart(path, 0)}`,
      routed: true,
    },
    { name: 'leading double slash', target: `/${path}`, routed: false },
    ...(slash > 0
      ? [
          {
            name: 'dot segment',
            target: `${path.slice(0, slash)}/.${path.slice(slash)}`,
            routed: false,
          },
          {
            name: 'dot-dot segment',
            target: `${path.slice(0, slash)}/x/..${path.slice(slash)}`,
            routed: false,
          },
          {
            name: 'slash escaped (%2F)',
            target: `${path.slice(0, slash)}%2F${path.slice(slash + 1)}`,
            routed: false,
          },
          {
            name: 'slash escaped (%2f)',
            target: `${path.slice(0, slash)}%2f${path.slice(slash + 1)}`,
            routed: false,
          },
        ]
      : []),
  ]
  const withQuery = paths.map((spelling) => ({ ...spelling, target: `${spelling.target}${query}` }))
  // A query or fragment of its own: only where the caller sends no query, whose value it would join.
  if (query !== '') return withQuery
  return [
    ...withQuery,
    { name: 'empty query', target: `${path}?`, routed: true },
    { name: 'fragment', target: `${path}#x`, routed: true },
  ]
}

type Route = { method: string; path: string }

/** The routes of an app's OpenAPI document, path parameters filled; the API's without the frame's. */
function routesOf(app: FastifyInstance, frame: boolean): Route[] {
  const document = app.swagger() as {
    paths: Record<string, Record<string, unknown> & { servers?: unknown }>
  }
  return Object.entries(document.paths)
    .filter(([, item]) => frame || item.servers === undefined)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, 'x'),
        })),
    )
}

/** A caller of the sweep: its headers (made anew per request) and its query. */
type Caller = { name: string; headers: () => Promise<Record<string, string>>; query: string }

/**
 * Sends each route's plain path and each other spelling as `caller`; returns what differs. Every
 * request carries fresh credentials, so a route that changes state (sign-out) meets each
 * spelling in the same state.
 */
async function sweep(port: number, routes: Route[], caller: Caller) {
  const origin = `http://127.0.0.1:${port}`
  const faults: string[] = []
  let routed = 0
  for (const { method, path } of routes) {
    const body = method === 'GET' ? undefined : '{}'
    const plain = await send(port, method, `${path}${caller.query}`, await caller.headers(), body)
    expect(noRoute(plain), `${caller.name}: ${method} ${path} has a route`).toBe(false)
    for (const { name, target, routed: reaches } of spellingsOf(path, origin, caller.query)) {
      const answer = await send(port, method, target, await caller.headers(), body)
      if (!reaches && noRoute(answer)) continue
      if (reaches) routed++
      try {
        expect(answer).toEqual(plain)
      } catch {
        faults.push(
          `${caller.name}: ${method} ${target} (${name}) answered ${answer.status} ` +
            `${JSON.stringify(answer.headers)} ${answer.message ?? ''}; ${path} answers ` +
            `${plain.status} ${JSON.stringify(plain.headers)} ${plain.message ?? ''}`,
        )
      }
    }
  }
  return { faults, routed }
}

describe('every spelling of a path gets the same answer', () => {
  let server: TestServer
  let framePort: number
  let apiPort: number
  let freshSessionToken: () => Promise<string>
  let ownerSessions: AdminSessions

  beforeAll(async () => {
    server = await startTestServer('pglite', { LATCH_ADMIN_TOKEN: ADMIN_TOKEN })
    await server.frame.listen({ port: 0, host: '127.0.0.1' })
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    framePort = (server.frame.server.address() as AddressInfo).port
    apiPort = (server.app.server.address() as AddressInfo).port
    const { sessionToken } = await loginByEmail(server)
    const sessions = new WalletSessionStore(server.db)
    const session = await sessions.findByToken(sessionToken)
    if (!session) throw new Error('the login opened no session')
    freshSessionToken = async () => (await sessions.create(session, new Date())).token
    ownerSessions = new AdminSessions(server.db, ADMIN_TOKEN)
  })
  afterAll(async () => {
    await server?.close()
  })

  it("the dashboard's owner is logged in however the path is spelled", async () => {
    const cookie = `${SESSION_COOKIE}=${(await ownerSessions.open()).value}`
    for (const path of [
      '/dashboard/api/projects',
      '/%64ashboard/api/projects',
      '/dashboard/api/%70rojects',
    ])
      expect(await send(apiPort, 'GET', path, { cookie }, undefined), path).toMatchObject({
        status: 200,
        headers: { 'cache-control': 'no-store' },
      })
  })

  it('a site cannot reach the wallet API with an escaped path: 403 and no-store', async () => {
    const token = await freshSessionToken()
    const user = await server.frame.inject({
      method: 'POST',
      url: '/wallet/v1/session/user',
      headers: { origin: server.frameUrl, authorization: `Bearer ${token}` },
      payload: {},
    })
    const { address } = user.json() as { address: string }
    const signing = JSON.stringify({
      method: 'personal_sign',
      params: ['0x00', address],
      chainId: 31337,
    })
    for (const origin of [DEMO_ORIGIN, undefined])
      for (const [path, body] of [
        ['/%77allet/v1/rpc', signing],
        ['/%77allet/v1/session/user', '{}'],
      ] as const) {
        const answer = await send(
          framePort,
          'POST',
          path,
          { ...(origin && { origin }), authorization: `Bearer ${token}` },
          body,
        )
        expect(answer, `${path} from ${origin ?? 'no origin'}`).toMatchObject({
          status: 403,
          message: 'Forbidden origin',
          headers: { 'cache-control': 'no-store' },
        })
      }
  })

  it('on the frame origin, from a site, without an Origin and from the frame page', async () => {
    const routes = routesOf(server.frame, true)
    expect(routes.length).toBeGreaterThanOrEqual(20)
    const callers: Caller[] = [
      ['a site holding a session', DEMO_ORIGIN],
      ['a caller without an Origin holding a session', undefined],
      ['the frame page', server.frameUrl],
    ].map(([name, origin]) => ({
      name: name as string,
      query: '',
      headers: async () => ({
        ...(origin && { origin }),
        authorization: `Bearer ${await freshSessionToken()}`,
      }),
    }))
    const faults: string[] = []
    let routed = 0
    for (const caller of callers) {
      const outcome = await sweep(framePort, routes, caller)
      faults.push(...outcome.faults)
      routed += outcome.routed
    }
    console.info(
      `path-spelling sweep of the frame origin: ${routes.length} routes, ${callers.length} ` +
        `callers, ${routed} answers to other spellings that reached a route compared`,
    )
    expect(faults).toEqual([])
    // The escaped spellings did reach the routes: the sweep compared real answers.
    expect(routed).toBeGreaterThanOrEqual(routes.length * callers.length * 5)
  })

  it("on the API, from another site's page, without credentials and from the dashboard's owner", async () => {
    const routes = routesOf(server.app, false)
    expect(routes.length).toBeGreaterThanOrEqual(40)
    const callers: Caller[] = [
      {
        name: "another site's page",
        query: '?projectId=latch-dev',
        headers: async () => ({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
      },
      { name: 'a caller without credentials', query: '', headers: async () => ({}) },
      {
        name: "the dashboard's owner, logged in",
        query: '',
        headers: async () => ({
          cookie: `${SESSION_COOKIE}=${(await ownerSessions.open()).value}`,
          'sec-fetch-site': 'same-origin',
        }),
      },
    ]
    const faults: string[] = []
    let routed = 0
    for (const caller of callers) {
      const outcome = await sweep(apiPort, routes, caller)
      faults.push(...outcome.faults)
      routed += outcome.routed
    }
    console.info(
      `path-spelling sweep of the API: ${routes.length} routes, ${callers.length} callers, ` +
        `${routed} answers to other spellings that reached a route compared`,
    )
    expect(faults).toEqual([])
    expect(routed).toBeGreaterThanOrEqual(routes.length * callers.length * 5)
  })
})

describe('the query, wherever the router reads it from', () => {
  let server: TestServer
  let port: number
  const lines: string[] = []
  beforeAll(async () => {
    server = await startTestServer('pglite', { LOG_LEVEL: 'info' }, undefined, {
      logStream: { write: (line) => void lines.push(line) },
    })
    await server.frame.listen({ port: 0, host: '127.0.0.1' })
    port = (server.frame.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await server?.close()
  })

  it("stays out of the frame's log, after a '?' or a '#'", async () => {
    const secret = `secret${Date.now()}`.padEnd(43, 'x')
    const origin = `http://127.0.0.1:${port}`
    for (const target of [
      `/wallet/v1/device/approve?token=${secret}`,
      `/wallet/v1/device/approve#token=${secret}`,
      `/%77allet/v1/device/approve#token=${secret}`,
      `${origin}/wallet/v1/device/approve#token=${secret}`,
    ]) {
      // The route did read the token: an unknown one gets its page saying so.
      expect((await send(port, 'GET', target, {}, undefined)).status, target).toBe(400)
    }
    const log = lines.join('')
    expect(log).toContain('/wallet/v1/device/approve?[redacted]')
    expect(log.includes(secret)).toBe(false)
  })

  it("is refused when it is not valid percent-encoding, after a '?' or a '#'", async () => {
    for (const target of [
      '/wallet/v1/device/approve?token=%ff',
      '/wallet/v1/device/approve#token=%ff',
    ])
      expect(await send(port, 'GET', target, {}, undefined), target).toMatchObject({
        status: 400,
        message: 'The query string is not valid percent-encoding',
      })
  })
})
