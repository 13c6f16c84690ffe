import { clientQuery, errorResponse, imageParams } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HttpError } from '../../errors.ts'
import { findCurrency } from '../../registry/assets.ts'
import { imageResponses, renderImage, sendImage } from '../../registry/images.ts'

/** GET /public/getCurrencyImage/{id} (spec 7): a fiat currency's icon, by ISO 4217 code. */
export const currencyImageRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/getCurrencyImage/:id',
    {
      schema: {
        tags: ['registry'],
        summary: "A fiat currency's icon (SVG), by code (USD, EUR, ...)",
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
      const currency = findCurrency(request.params.id)
      if (!currency) throw new HttpError(404, `No currency image "${request.params.id}"`)
      const svg = renderImage({
        seed: `currency:${currency.key}`,
        label: currency.label,
        title: currency.name,
        shape: 'circle',
      })
      return sendImage(request, reply, svg)
    },
  )
}
