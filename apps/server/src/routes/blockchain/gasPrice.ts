import { errorResponse, gasPriceQuery, gasPriceResponse } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { suggestGasPrices } from '../../chains/gasPrice.ts'
import { chainUnavailable, type Networks, requireChain } from './chainParam.ts'

/** The message of a gas-price call on a network the server does not serve. */
export const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price'

/**
 * GET /v1/convert/gas-price?chainId: standard, fast and instant gas prices in wei, from
 * the chain's recent fee history (see `suggestGasPrices`).
 */
export const gasPriceRoute =
  (deps: { networks: Networks }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/convert/gas-price',
      {
        schema: {
          tags: ['blockchain'],
          summary: 'Standard, fast and instant gas prices of a chain, in wei',
          description:
            'From eth_feeHistory over the last 10 blocks: next base fee plus the median 25th / ' +
            '50th percentile tip, and base fee x 1.125 plus the median 90th percentile tip. ' +
            'Integer strings, ascending.',
          querystring: gasPriceQuery,
          response: {
            200: gasPriceResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            503: errorResponse,
          },
        },
      },
      async (request) => {
        const chain = requireChain(deps.networks, request.query.chainId, GAS_PRICE_UNSUPPORTED)
        const prices = await suggestGasPrices(chain.client).catch((error: unknown) => {
          request.log.warn({ err: error, chain: chain.caipNetworkId }, 'gas price read failed')
          throw chainUnavailable(chain, 'Gas price')
        })
        return {
          standard: prices.standard.toString(),
          fast: prices.fast.toString(),
          instant: prices.instant.toString(),
        }
      },
    )
  }
