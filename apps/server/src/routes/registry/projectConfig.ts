import { clientQuery, errorResponse, projectConfigResponse } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { resolveFeatures } from '../../registry/features.ts'

/** GET /appkit/v1/config (spec 7): the project's features, spec 1's defaults where unset. */
export const projectConfigRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/appkit/v1/config',
    {
      schema: {
        tags: ['registry'],
        summary: "The project's features: which are on, and their providers",
        querystring: clientQuery,
        response: {
          200: projectConfigResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => {
      const { features, problems } = resolveFeatures(request.project?.features ?? {})
      if (problems.length > 0) {
        request.log.warn({ projectId: request.project?.id, problems }, 'ignored feature settings')
      }
      return { features }
    },
  )
}
