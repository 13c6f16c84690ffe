import {
  analyticsConfigResponse,
  clientQuery,
  errorResponse,
  projectLimitsResponse,
  telemetryBatchBody,
  telemetryBatchResponse,
} from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HttpError } from '../../errors.ts'

/** Latch collects no usage events yet: every client is told so, and sent events are dropped. */
const ANALYTICS_ENABLED = false

const projectErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse }

/**
 * The project's plan and telemetry, as other clients of this API ask for them:
 * GET /appkit/v1/project-limits, GET /getAnalyticsConfig and POST /batch.
 */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Clients post their events with navigator.sendBeacon, whose string body arrives as text/plain:
  // here (this plugin only) such a body is read as the JSON it is.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new HttpError(400, 'Body is not valid JSON'), undefined)
    }
  })

  app.get(
    '/appkit/v1/project-limits',
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
    '/getAnalyticsConfig',
    {
      schema: {
        tags: ['registry'],
        summary: 'Whether clients should send usage events: Latch collects none',
        querystring: clientQuery,
        response: { 200: analyticsConfigResponse, ...projectErrors },
      },
    },
    async () => ({ isAnalyticsEnabled: ANALYTICS_ENABLED }),
  )

  app.post(
    '/batch',
    {
      schema: {
        tags: ['registry'],
        summary: 'Usage events of a client: checked, counted and dropped, since collection is off',
        description:
          'The body is a JSON array of events, sent as application/json or as text/plain (a beacon).',
        querystring: clientQuery,
        body: telemetryBatchBody,
        response: { 200: telemetryBatchResponse, ...projectErrors },
      },
    },
    async (request) => ({
      received: request.body.length,
      stored: 0,
      isAnalyticsEnabled: ANALYTICS_ENABLED,
    }),
  )
}
