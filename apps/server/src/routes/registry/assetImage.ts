import { clientQuery, errorResponse, imageParams } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ChainConfig } from '../../config.ts'
import { HttpError } from '../../errors.ts'
import { networkKey, networkSubjects } from '../../registry/assets.ts'
import { imageResponses, renderImage, sendImage } from '../../registry/images.ts'

/** GET /public/getAssetImage/{id} (spec 7): a network's icon, by CAIP-2 id or EVM chain id. */
export const assetImageRoute =
  (deps: { chains: ChainConfig[] }): FastifyPluginAsyncZod =>
  async (app) => {
    const networks = networkSubjects(deps.chains)
    app.get(
      '/public/getAssetImage/:id',
      {
        schema: {
          tags: ['registry'],
          summary: "A network's icon (SVG), by CAIP-2 id (eip155:1) or EVM chain id (1)",
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
        const key = networkKey(request.params.id)
        const network = networks.get(key)
        if (!network) throw new HttpError(404, `No asset image "${request.params.id}"`)
        const svg = renderImage({
          seed: `network:${key}`,
          label: network.label,
          title: network.name,
          shape: 'circle',
        })
        return sendImage(request, reply, svg)
      },
    )
  }
