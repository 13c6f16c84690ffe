import {
  analyticsConfigResponse,
  clientQuery,
  errorResponse,
  projectLimitsResponse,
  type TelemetryEvent,
  telemetryBatchBody,
  telemetryBatchResponse,
  telemetryEvent,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { storeEvents } from '../../analytics/store.ts'
import type { Database } from '../../db/index.ts'
import { HttpError } from '../../errors.ts'
import { parseCallerJson } from '../../plugins/jsonBody.ts'
import type { Project } from '../../projects.ts'
import type { RedisConnection } from '../../redis/connection.ts'
import { createRateLimiter } from '../../rpc/rateLimiter.ts'
import { resolveFeatures } from '../features.ts'

const projectErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse }
const ingestErrors = { ...projectErrors, 429: errorResponse }

/** Whether the project keeps its visitors' events: its `analytics` feature, on by default. */
function collects(project: Project | undefined): boolean {
  if (!project) return false
  return resolveFeatures(project.features).features.some(
    (feature) => feature.id === 'analytics' && feature.isEnabled,
  )
}

export type TelemetryDeps = {
  db: Database
  redis: RedisConnection | undefined
  /** Events one IP may send in any one second, shared by every instance on one Redis. */
  eventsPerSecond: number
}

/**
 * The project's plan and the kit's events: GET /appkit/v1/project-limits, GET /getAnalyticsConfig,
 * POST /e (one event) and POST /batch (several). Events are stored while the project's `analytics`
 * feature is on, and counted and dropped while it is off.
 */
export const telemetryRoutes =
  (deps: TelemetryDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Clients post their events with navigator.sendBeacon, whose string body arrives as text/plain:
    // here (this plugin only) such a body is read as the JSON it is.
    app.removeContentTypeParser('text/plain')
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseCallerJson(body as string, 'Body is not valid JSON'))
      } catch (error) {
        done(error as HttpError, undefined)
      }
    })

    const limiter = createRateLimiter(deps.redis, deps.eventsPerSecond, app.log)
    /** One page (one IP) cannot flood the table: each event counts against its IP's allowance. */
    async function admit(request: FastifyRequest, reply: FastifyReply, events: number) {
      const wait = await limiter.take(`analytics:${request.ip}`, Math.max(1, events))
      if (wait <= 0) return
      reply.header('retry-after', String(wait))
      throw new HttpError(
        429,
        `Rate limit exceeded: one client may send ${deps.eventsPerSecond} events per second`,
      )
    }

    async function ingest(
      request: FastifyRequest,
      reply: FastifyReply,
      events: readonly TelemetryEvent[],
    ) {
      await admit(request, reply, events.length)
      const project = request.project as Project
      const enabled = collects(project)
      const stored = enabled ? await storeEvents(deps.db, project.id, events) : 0
      return { received: events.length, stored, isAnalyticsEnabled: enabled }
    }

    app.get(
      ROUTES.projectLimits.path,
      {
        schema: {
          tags: ['registry'],
          summary: "The project's plan and whether it is over a limit: never, on a Latch server",
          querystring: clientQuery,
          response: { 200: projectLimitsResponse, ...projectErrors },
        },
      },
      async () => ({
        planLimits: { tier: 'none' as const, isAboveRpcLimit: false, isAboveMauLimit: false },
      }),
    )

    app.get(
      ROUTES.analyticsConfig.path,
      {
        schema: {
          tags: ['registry'],
          summary: "Whether clients should send usage events: the project's analytics feature",
          querystring: clientQuery,
          response: { 200: analyticsConfigResponse, ...projectErrors },
        },
      },
      async (request) => ({ isAnalyticsEnabled: collects(request.project) }),
    )

    app.post(
      ROUTES.analyticsEvent.path,
      {
        schema: {
          tags: ['registry'],
          summary: 'One usage or error event of a client, stored once per event id',
          description:
            'The body is one event as JSON, sent as application/json or as text/plain (a beacon). ' +
            "The page's URL is stored without its query and fragment.",
          querystring: clientQuery,
          body: telemetryEvent,
          response: { 200: telemetryBatchResponse, ...ingestErrors },
        },
      },
      async (request, reply) => ingest(request, reply, [request.body]),
    )

    app.post(
      ROUTES.analyticsBatch.path,
      {
        schema: {
          tags: ['registry'],
          summary: 'Usage and error events of a client, each stored once per event id',
          description:
            'The body is a JSON array of events, sent as application/json or as text/plain (a ' +
            "beacon), stored in one statement. The page's URL is stored without its query and fragment.",
          querystring: clientQuery,
          body: telemetryBatchBody,
          response: { 200: telemetryBatchResponse, ...ingestErrors },
        },
      },
      async (request, reply) => ingest(request, reply, request.body),
    )
  }
