import {
  accountAddressParams,
  errorResponse,
  identityQuery,
  identityResponse,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ReadThroughCache } from '../cache/ttlCache.ts'
import { evmAddressOf, type Networks, requireChain } from '../chains/chainParam.ts'
import { IDENTITY_CACHE_MS } from '../constants.ts'
import { HttpError } from '../errors.ts'
import type { Families } from '../families/registry.ts'
import { identityCacheKey } from './identityCache.ts'
import { IDENTITY_NAMESPACE, type IdentitySource, resolveIdentity } from './identitySource.ts'

/** Browsers and proxies may keep an identity as long as the server does (5 min). */
export const IDENTITY_CACHE_CONTROL = `public, max-age=${IDENTITY_CACHE_MS / 1000}`

/**
 * GET /v1/identity/{address}?sender&chainId: the address's name and avatar from the
 * identity sources (ENS reverse records on chains with an `ensRegistry`), both null when none
 * has one. On one chain when `chainId` is given, else on every configured chain. Cached 5 min.
 * An account of a family without names (Solana, Bitcoin, Polkadot) has neither.
 */
export const identityRoute =
  (deps: {
    networks: Networks
    families: Families
    cache: ReadThroughCache
    sources: readonly IdentitySource[]
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const everyChain = [...deps.networks.values()]
    app.get(
      ROUTES.identity.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'Name and avatar of an address (ENS primary name), null when it has none',
          description:
            '`sender`, the connected account asking, is accepted and not used. Cached 5 minutes ' +
            '(Cache-Control: public, max-age=300).',
          params: accountAddressParams,
          querystring: identityQuery,
          response: {
            200: identityResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            503: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const { chainId } = request.query
        const network = chainId === undefined ? undefined : deps.families.requireNetwork(chainId)
        const account = network
          ? await network.accountOf(request.params.address)
          : request.params.address
        const namespace = network?.namespace ?? deps.families.ofAccount(account)?.namespace
        if (namespace !== IDENTITY_NAMESPACE) {
          reply.header('cache-control', IDENTITY_CACHE_CONTROL)
          return { name: null, avatar: null }
        }
        const chains = network ? [requireChain(deps.networks, network.caipNetworkId)] : everyChain
        const address = evmAddressOf(account)
        const identity = await deps.cache.get(
          identityCacheKey(chainId, address),
          () =>
            resolveIdentity(deps.sources, address, chains).catch((error: unknown) => {
              request.log.warn({ err: error, address }, 'identity lookup failed')
              throw new HttpError(503, 'Identity unavailable: a chain did not answer')
            }),
          { ttlMs: IDENTITY_CACHE_MS },
        )
        reply.header('cache-control', IDENTITY_CACHE_CONTROL)
        return identity
      },
    )
  }
