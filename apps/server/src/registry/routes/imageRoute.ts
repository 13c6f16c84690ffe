import { clientQuery, errorResponse, imageParams } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { HttpError } from '../../errors.ts'
import { loadIcon } from '../iconLibrary.ts'
import { type ImageSpec, imageResponses, renderImage, sendImage } from '../images.ts'

/**
 * One image route: `GET {url}/:id` answers the icon of what `find` returns for the id (the icon
 * library's, else a generated tile), with caching headers and 304s. An id `find` does not know gets
 * the `fallback` image when the route has one, else a 404.
 */
export function imageRoute(options: {
  url: string
  summary: string
  /** What the 404 calls the missing thing, e.g. "token image". */
  kind: string
  params?: z.ZodObject<{ id: z.ZodType<string> }>
  find(id: string): ImageSpec | null | undefined | Promise<ImageSpec | null | undefined>
  fallback?(id: string): ImageSpec
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
            ...(!options.fallback && { 404: errorResponse }),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string }
        const spec = (await options.find(id)) ?? options.fallback?.(id)
        if (!spec) throw new HttpError(404, `No ${options.kind} "${id}"`)
        const icon = spec.icon && (await loadIcon(spec.icon, spec.title))
        return sendImage(request, reply, icon ?? renderImage(spec))
      },
    )
  }
}
