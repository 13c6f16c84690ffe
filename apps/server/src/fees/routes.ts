import { errorResponse, gasPriceOrFeeRatesResponse, gasPriceQuery } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HttpError } from '../errors.ts'
import type { Families } from '../families/registry.ts'

/** The message of a gas-price call on a network the server does not serve. */
export const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price'

/**
 * GET /v1/convert/gas-price?chainId: standard, fast and instant gas prices in wei, from
 * the chain's recent fee history (see `suggestGasPrices`); on a Bitcoin network, slow, normal
 * and fast fee rates in sat/vB from its fee estimates (see `readFeeRates`).
 */
export const gasPriceRoute =
  (deps: { families: Families }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      ROUTES.gasPrice.path,
      {
        schema: {
          tags: ['blockchain'],
          summary:
            "Standard, fast and instant gas prices of a chain, in wei; a Bitcoin network's fee rates",
          description:
            'From eth_feeHistory over the last 10 blocks: next base fee plus the median 25th / ' +
            '50th percentile tip, and base fee x 1.125 plus the median 90th percentile tip. ' +
            'Integer strings, ascending. On a Bitcoin network (bip122:...): `{unit: "sat/vB", slow, ' +
            'normal, fast}`, whole sat/vB for a confirmation within 6, 3 and 1 blocks, from the ' +
            "chain's Esplora fee estimates, never under the 1 sat/vB relay minimum.",
          querystring: gasPriceQuery,
          response: {
            200: gasPriceOrFeeRatesResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            503: errorResponse,
          },
        },
      },
      async (request) => {
        const network = deps.families.network(request.query.chainId)
        if (!network?.gasPrice) throw new HttpError(400, GAS_PRICE_UNSUPPORTED)
        return network.gasPrice(request.log)
      },
    )
  }
