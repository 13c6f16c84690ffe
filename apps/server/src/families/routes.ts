import {
  clientQuery,
  eip155NetworkId,
  errorResponse,
  supportedChainsResponse,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ChainConfig } from '../chains/chainConfig.ts'
import type { Families } from './registry.ts'

/**
 * GET /v1/supported-chains: the configured networks of every family, all served over HTTP, the
 * EVM chains whose bundler POST /v1/bundler reaches (where smart accounts work), and those where
 * POST /v1/paymaster signs sponsorships.
 */
export const supportedChainsRoute =
  (deps: {
    families: Families
    chainConfigs: ChainConfig[]
    /** The chains the server's paymaster signs for. */
    sponsoredChainIds: readonly number[]
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      ROUTES.supportedChains.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'Networks this server answers for',
          querystring: clientQuery,
          response: {
            200: supportedChainsResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
          },
        },
      },
      async () => ({
        http: deps.families.networks.map((network) => network.caipNetworkId),
        ws: [],
        bundler: deps.chainConfigs
          .filter((chain) => chain.bundlerUrl)
          .map((chain) => eip155NetworkId(chain.chainId)),
        paymaster: deps.sponsoredChainIds.map(eip155NetworkId),
      }),
    )
  }
