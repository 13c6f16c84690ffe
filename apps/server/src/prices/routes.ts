import {
  type CaipAddress,
  clientQuery,
  errorResponse,
  type FungiblePrice,
  fungiblePriceBody,
  fungiblePriceResponse,
  NATIVE_TOKEN_ADDRESS,
  parseCaipAddress,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type Networks, requireChain } from '../chains/chainParam.ts'
import type { ChainClient } from '../chains/clients.ts'
import { HttpError } from '../errors.ts'
import { tokenIconUrl } from '../registry/tokenIcon.ts'
import { NATIVE_PRICE_KEY } from './priceSource.ts'
import type { Prices } from './prices.ts'

/** What one asked-for id names: a chain and the price key of its native coin or a token. */
type Asked = { id: CaipAddress; chain: ChainClient; key: string; name: string; symbol: string }

/**
 * POST /v1/fungible/price: USD prices of the tokens (CAIP-10 ids) a caller names, the
 * native coin as `eip155:<id>:0xeeee...eeee`. Tokens the server does not list are left out; a known
 * token without a price has price 0.
 */
export const fungiblePriceRoute =
  (deps: { networks: Networks; prices: Prices }): FastifyPluginAsyncZod =>
  async (app) => {
    // Each chain's tokens by lower-case address, and its native coin under the placeholder.
    const subjects = new Map(
      [...deps.networks.values()].map((chain) => [
        chain,
        new Map<string, { key: string; name: string; symbol: string }>([
          [
            NATIVE_TOKEN_ADDRESS,
            {
              key: NATIVE_PRICE_KEY,
              name: chain.config.nativeCurrency.name,
              symbol: chain.config.nativeCurrency.symbol,
            },
          ],
          ...chain.config.tokens.map(
            (token) =>
              [
                token.address.toLowerCase(),
                { key: token.address.toLowerCase(), name: token.name, symbol: token.symbol },
              ] as const,
          ),
        ]),
      ]),
    )

    app.post(
      ROUTES.fungiblePrice.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'USD prices of tokens by CAIP-10 id',
          description:
            'The native coin is `eip155:<chain id>:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`. ' +
            'Tokens this server does not list are left out; an unsupported chain is a 400.',
          // The project id is in the body, as the kit sends it; the query may carry it, st and sv.
          querystring: clientQuery.partial(),
          body: fungiblePriceBody,
          response: {
            200: fungiblePriceResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
          },
        },
      },
      async (request) => {
        const { projectId } = request.query
        if (projectId !== undefined && projectId !== request.body.projectId)
          throw new HttpError(400, 'projectId differs between the query and the body')
        const asked: Asked[] = []
        const seen = new Set<string>()
        for (const id of request.body.addresses) {
          const { namespace, reference, address } = parseCaipAddress(id)
          const chain = requireChain(deps.networks, `${namespace}:${reference}`)
          if (!/^0x[0-9a-fA-F]{40}$/.test(address))
            throw new HttpError(400, `Expected an EVM token address in ${id}`)
          const subject = subjects.get(chain)?.get(address.toLowerCase())
          const unique = `${chain.caipNetworkId}:${address.toLowerCase()}`
          if (!subject || seen.has(unique)) continue
          seen.add(unique)
          asked.push({ id, chain, ...subject })
        }
        const chains = [...new Set(asked.map((entry) => entry.chain))]
        const prices = new Map(
          await Promise.all(
            chains.map(async (chain) => [chain, await deps.prices.of(chain)] as const),
          ),
        )
        return {
          fungibles: asked.map(
            (entry): FungiblePrice => ({
              address: entry.id,
              name: entry.name,
              symbol: entry.symbol,
              iconUrl: tokenIconUrl(request, entry.symbol),
              price: prices.get(entry.chain)?.[entry.key] ?? 0,
            }),
          ),
        }
      },
    )
  }
