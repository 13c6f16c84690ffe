import { clientQuery, errorResponse, imageParams } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { HttpError } from '../../errors.ts'
import { type ImageSpec, imageResponses, renderImage, sendImage } from '../../registry/images.ts'

/**
 * One image route: `GET {url}/:id` answers the generated SVG of what `find` returns for
 * the id, with caching headers and 304s, or 404 when it knows no such id.
 */
export function imageRoute(options: {
  url: string
  summary: string
  /** What the 404 calls the missing thing, e.g. "token image". */
  kind: string
  params?: z.ZodObject<{ id: z.ZodType<string> }>
  find(id: string): ImageSpec | null | undefined | Promise<ImageSpec | null | undefined>
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${options.url}/:id`,
      {
        schema: {
          tags: ['registry'],
          summary: options.summary,
          params: options.params ?? imageParams,
          querystring: clientQuery,
          response: {
            ...imageResponses,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            404: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string }
        const spec = await options.find(id)
        if (!spec) throw new HttpError(404, `No ${options.kind} "${id}"`)
        return sendImage(request, reply, renderImage(spec))
      },
    )
  }
}
