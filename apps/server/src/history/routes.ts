import { accountAddressParams, errorResponse, historyQuery, historyResponse } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HttpError } from '../errors.ts'
import type { Families } from '../families/registry.ts'

/**
 * GET /v1/account/{address}/history: the transactions the account sent or moved value in,
 * newest first, HISTORY_PAGE_SIZE a page. The family of `chainId` reads it; without one, the
 * family whose accounts are written as this one is, on every network of it.
 */
export const historyRoute =
  (deps: { families: Families }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      ROUTES.history.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: "An account's transaction history, newest first, 50 a page",
          description:
            'Transactions the address sent, or sent or received a transfer in (the native coin ' +
            'and the configured tokens, swaps through the Uniswap router as one trade), on every ' +
            'configured network or on `chainId`; for a Solana address, its SOL and SPL token ' +
            'transfers on the Solana networks; for a Bitcoin address, its transactions on the ' +
            'Bitcoin networks of its address type, each one BTC transfer netted of change (in, or ' +
            'out with the fee), those still in the mempool first and pending. Pass the `next` of a page as `cursor` for the ' +
            'next one; `next` is null on the last page.',
          params: accountAddressParams,
          querystring: historyQuery,
          response: {
            200: historyResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
          },
        },
      },
      async (request) => {
        const { cursor, chainId, onramp } = request.query
        const network = chainId === undefined ? undefined : deps.families.requireNetwork(chainId)
        const account = network
          ? await network.accountOf(request.params.address)
          : request.params.address
        const family = network
          ? deps.families.family(network.namespace)
          : deps.families.ofAccount(account)
        if (!family)
          throw new HttpError(400, `No network of this server has accounts written as ${account}`)
        return family.history(account, { caipNetworkId: chainId, cursor, onramp }, request)
      },
    )
  }
