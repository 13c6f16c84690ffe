import { clientQuery, errorResponse, imageParams } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HttpError } from '../../errors.ts'
import { findToken } from '../../registry/assets.ts'
import { imageResponses, renderImage, sendImage } from '../../registry/images.ts'

/** GET /public/getTokenImage/{id} (spec 7): a token's icon, by symbol. */
export const tokenImageRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/getTokenImage/:id',
    {
      schema: {
        tags: ['registry'],
        summary: "A token's icon (SVG), by symbol (ETH, USDC, ...)",
        params: imageParams,
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
      const token = findToken(request.params.id)
      if (!token) throw new HttpError(404, `No token image "${request.params.id}"`)
      const svg = renderImage({
        seed: `token:${token.key}`,
        label: token.label,
        title: token.name,
        shape: 'circle',
      })
      return sendImage(request, reply, svg)
    },
  )
}
