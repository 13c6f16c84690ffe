import { errorResponse, walletsQuery, walletsResponse } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WalletStore } from '../wallets.ts'

/** GET /getWallets: a page of the wallet registry, filtered, by order. */
export const getWalletsRoute =
  (deps: { wallets: WalletStore }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      ROUTES.wallets.path,
      {
        schema: {
          tags: ['registry'],
          summary: 'Wallets by order; page=1&entries=4 gives the recommended ones',
          querystring: walletsQuery,
          response: {
            200: walletsResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
          },
        },
      },
      async (request) => {
        const { page, entries, include, exclude, chains, namespaces, search, badge_type } =
          request.query
        return deps.wallets.list({
          page,
          entries,
          include,
          exclude,
          chains,
          namespaces,
          search,
          badgeType: badge_type,
        })
      },
    )
  }
