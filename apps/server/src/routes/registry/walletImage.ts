import { clientQuery, errorResponse, walletIdValue } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../../errors.ts'
import { imageResponses, initials, renderImage, sendImage } from '../../registry/images.ts'
import type { WalletStore } from '../../registry/wallets.ts'

/** GET /getWalletImage/{id} (spec 7): the icon of a wallet, by its `image_id`. */
export const walletImageRoute =
  (deps: { wallets: WalletStore }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/getWalletImage/:id',
      {
        schema: {
          tags: ['registry'],
          summary: "A wallet's icon (SVG), by the wallet's image_id",
          params: z.object({ id: walletIdValue }),
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
        const wallet = await deps.wallets.findByImageId(request.params.id)
        if (!wallet) throw new HttpError(404, `No wallet image "${request.params.id}"`)
        const svg = renderImage({
          seed: `wallet:${wallet.id}`,
          label: initials(wallet.name),
          title: wallet.name,
          shape: 'squircle',
        })
        return sendImage(request, reply, svg)
      },
    )
  }
