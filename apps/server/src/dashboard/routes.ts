import { errorResponse } from '@latch/protocol'
import {
  DASHBOARD_API,
  DASHBOARD_PATH,
  dashboardChainsResponse,
  dashboardConnectsResponse,
  dashboardErrorsResponse,
  dashboardFunnelResponse,
  dashboardLoginBody,
  dashboardMethodsResponse,
  dashboardOnrampResponse,
  dashboardParams,
  dashboardProjectsResponse,
  dashboardRangeQuery,
  dashboardSessionResponse,
  dashboardSignInsResponse,
  dashboardWalletsResponse,
} from '@latch/protocol/dashboard'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { SharedRateLimiter } from '../rateLimits/sharedRateLimiter.ts'
import type { RedisConnection } from '../redis/connection.ts'
import {
  AdminSessions,
  cookieValue,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  tokenMatches,
} from './adminSession.ts'
import * as queries from './queries.ts'
import { type DayRange, dayRange } from './range.ts'
import { rollUp } from './rollup.ts'

export type DashboardDeps = {
  db: Database
  redis: RedisConnection | undefined
  /** LATCH_ADMIN_TOKEN; unset, nobody can log in and the login says how to turn it on. */
  adminToken: string | undefined
  loginLimit?: typeof LOGIN_LIMIT
}

/** Login attempts per IP per window: enough for typos, far too few to guess a token. */
export const LOGIN_LIMIT = { max: 10, windowMs: 60_000 }

export const DASHBOARD_OFF = 'The dashboard is off: set LATCH_ADMIN_TOKEN on the server to use it'
export const WRONG_TOKEN = 'Wrong admin token'
export const NOT_LOGGED_IN = 'Log in to the dashboard first'

/**
 * The dashboard's data is the owner's alone. A site's own page is same-site with the server (and
 * may be a CORS origin), so its scripts could otherwise send the owner's cookie along: only the
 * dashboard page itself (same origin) or a caller outside a browser is answered.
 */
export async function requireSameOrigin(request: FastifyRequest): Promise<void> {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined) {
    if (site !== 'same-origin' && site !== 'none')
      throw new HttpError(403, 'The dashboard answers its own page only')
    return
  }
  const origin = request.headers.origin
  if (origin !== undefined && URL.parse(origin)?.host !== request.headers.host)
    throw new HttpError(403, 'The dashboard answers its own page only')
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse }

/** Where the cookie goes: the dashboard's paths only, never the kit's routes on the same server. */
const cookieAttributes = (request: FastifyRequest) =>
  `Path=${DASHBOARD_PATH}; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`

/** The owner's login and the JSON the dashboard page draws, all under /dashboard/api. */
export const dashboardApiRoutes =
  (deps: DashboardDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Shared through Redis, so a guesser spreading attempts over instances gets no more.
    const limiter = new SharedRateLimiter({
      name: 'dashboard-login',
      ...(deps.loginLimit ?? LOGIN_LIMIT),
      counted: 'login attempts',
      redis: deps.redis,
      log: app.log,
    })
    app.addHook('onRequest', requireSameOrigin)

    const sessions = deps.adminToken ? new AdminSessions(deps.db, deps.adminToken) : undefined
    const cookieOf = (request: FastifyRequest) =>
      cookieValue(request.headers.cookie, SESSION_COOKIE)
    /** When the session of the request's cookie ends, once requireSession let the request in. */
    const expiries = new WeakMap<FastifyRequest, Date>()
    const requireSession = async (request: FastifyRequest, reply: FastifyReply) => {
      // No cache may keep an answer meant for one logged-in owner, nor its refusal.
      reply.header('cache-control', 'no-store')
      const expiresAt = await sessions?.expiryOf(cookieOf(request))
      if (!expiresAt) throw new HttpError(401, NOT_LOGGED_IN)
      expiries.set(request, expiresAt)
    }

    app.post(
      `${DASHBOARD_API}/login`,
      {
        schema: {
          tags: ['dashboard'],
          summary: "Log in to the owner's dashboard with the admin token; sets the session cookie",
          body: dashboardLoginBody,
          response: {
            200: dashboardSessionResponse,
            429: errorResponse,
            503: errorResponse,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        if (!deps.adminToken || !sessions) throw new HttpError(503, DASHBOARD_OFF)
        await limiter.hit(request.ip)
        if (!tokenMatches(request.body.token, deps.adminToken))
          throw new HttpError(401, WRONG_TOKEN)
        const session = await sessions.open()
        reply.header(
          'set-cookie',
          `${SESSION_COOKIE}=${session.value}; Max-Age=${SESSION_TTL_MS / 1000}; ${cookieAttributes(request)}`,
        )
        return { role: 'admin' as const, expiresAt: session.expiresAt.toISOString() }
      },
    )

    app.post(
      `${DASHBOARD_API}/logout`,
      {
        schema: {
          tags: ['dashboard'],
          summary: 'End the dashboard session, on every instance; its cookie opens nothing after',
        },
      },
      async (request, reply) => {
        await sessions?.end(cookieOf(request))
        reply.header('set-cookie', `${SESSION_COOKIE}=; Max-Age=0; ${cookieAttributes(request)}`)
        return reply.code(204).send()
      },
    )

    app.get(
      `${DASHBOARD_API}/session`,
      {
        schema: {
          tags: ['dashboard'],
          summary: 'The dashboard session of this browser, or 401',
          response: { 200: dashboardSessionResponse, ...errors },
        },
        preHandler: requireSession,
      },
      async (request) => ({
        role: 'admin' as const,
        expiresAt: (expiries.get(request) as Date).toISOString(),
      }),
    )

    app.get(
      `${DASHBOARD_API}/projects`,
      {
        schema: {
          tags: ['dashboard'],
          summary: 'The projects on this server',
          response: { 200: dashboardProjectsResponse, ...errors },
        },
        preHandler: requireSession,
      },
      async () => ({
        projects: await deps.db.query<{ id: string; name: string }>(
          'select id, name from projects order by name, id',
        ),
      }),
    )

    /** One chart's route: GET /dashboard/api/projects/{projectId}/{name}?days=N. */
    const chart = (
      name: string,
      summary: string,
      response: z.ZodType,
      read: (db: Queryable, projectId: string, range: DayRange) => Promise<unknown>,
    ): void => {
      app.get(
        `${DASHBOARD_API}/projects/:projectId/${name}`,
        {
          schema: {
            tags: ['dashboard'],
            summary,
            params: dashboardParams,
            querystring: dashboardRangeQuery,
            response: { 200: response, ...errors },
          },
          preHandler: requireSession,
        },
        async (request) => {
          const { projectId } = request.params
          const found = await deps.db.query('select 1 from projects where id = $1', [projectId])
          if (found.length === 0)
            throw new HttpError(404, `No project "${projectId}" on this server`)
          const range = dayRange(request.query.days)
          // Finished days not rolled up yet are, once, before the read (the first view of a day).
          await rollUp(deps.db, projectId, range)
          return read(deps.db, projectId, range)
        },
      )
    }

    chart('connects', 'Connects per day', dashboardConnectsResponse, queries.connectsPerDay)
    chart(
      'funnel',
      'The connect funnel: opens, choices, connects',
      dashboardFunnelResponse,
      queries.funnel,
    )
    chart(
      'methods',
      'Ways to connect chosen, and connects by each',
      dashboardMethodsResponse,
      queries.methods,
    )
    chart(
      'wallets',
      'Wallets chosen, and connects with each',
      dashboardWalletsResponse,
      queries.wallets,
    )
    chart(
      'chains',
      'Connects, sends, swaps and sign-ins per chain',
      dashboardChainsResponse,
      queries.chains,
    )
    chart('errors', 'Errors visitors met, by message', dashboardErrorsResponse, queries.errors)
    chart('signins', 'Sign-ins per day', dashboardSignInsResponse, queries.signIns)
    chart('onramp', 'On-ramp orders', dashboardOnrampResponse, queries.onrampOrders)
  }
