import { clientQuery, errorResponse, projectOriginsResponse } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** GET /projects/v1/origins: the origins the project may be embedded on. */
export const originsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ROUTES.projectOrigins.path,
    {
      schema: {
        tags: ['registry'],
        summary: "The project's allowed origins",
        querystring: clientQuery,
        response: {
          200: projectOriginsResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => ({ allowedOrigins: request.project?.allowedOrigins ?? [] }),
  )
}
