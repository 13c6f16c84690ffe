import { accountAddressParams, balanceQuery, balanceResponse, errorResponse } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ReadThroughCache } from '../cache/ttlCache.ts'
import { BALANCE_CACHE_MS } from '../constants.ts'
import type { Families } from '../families/registry.ts'
import type { Prices } from '../prices/prices.ts'
import { tokenIconUrl } from '../registry/tokenIcon.ts'

/**
 * GET /v1/account/{address}/balance?currency=usd&chainId: the native coin and every
 * configured token the address holds on the chain, priced in USD. On EVM one Multicall3
 * `eth_call` reads all the balances; on Solana one JSON-RPC batch reads SOL and the token
 * accounts of both token programs; the answer is cached BALANCE_CACHE_MS per (chain, address), in Redis when
 * REDIS_URL is set, unless `forceUpdate=true`.
 */
export const balanceRoute =
  (deps: { families: Families; cache: ReadThroughCache; prices: Prices }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      ROUTES.balance.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'Balances of an address on a chain: native coin and tokens, priced in USD',
          description:
            'Zero balances and tokens the chain config flags as spam are left out. `price` is 0 and `value` absent where no price is known. ' +
            'Cached 30 s per address and chain; `forceUpdate=true` reads the chain again.',
          params: accountAddressParams,
          querystring: balanceQuery,
          response: {
            200: balanceResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            503: errorResponse,
          },
        },
        // The answer is built here from config and the chain: no zod walk over it on the way out.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => {
        const network = deps.families.requireNetwork(request.query.chainId)
        const account = await network.accountOf(request.params.address)
        const balances = await deps.cache.get(
          `balance:${network.caipNetworkId}:${account}`,
          () => network.balances(account, { prices: deps.prices, log: request.log }),
          { ttlMs: BALANCE_CACHE_MS, refresh: request.query.forceUpdate === 'true' },
        )
        return {
          balances: balances.map((entry) => ({
            ...entry,
            iconUrl: tokenIconUrl(request, entry.symbol),
          })),
        }
      },
    )
  }
