import {
  accountAddressParams,
  errorResponse,
  identityQuery,
  identityResponse,
  isBitcoinAccount,
  isEvmAccount,
  isPolkadotAccount,
} from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ReadThroughCache } from '../../cache/ttlCache.ts'
import { IDENTITY_CACHE_MS } from '../../constants.ts'
import { HttpError } from '../../errors.ts'
import { requireBitcoinAddress } from '../../families/bitcoin/address.ts'
import type { BitcoinChainClient } from '../../families/bitcoin/clients.ts'
import { requirePolkadotAddress } from '../../families/polkadot/address.ts'
import type { PolkadotChainClient } from '../../families/polkadot/clients.ts'
import { identityCacheKey } from '../../identity/identityCache.ts'
import { type IdentitySource, resolveIdentity } from '../../identity/identitySource.ts'
import { evmAddressOf, type Networks, requireChain } from './chainParam.ts'

/** Browsers and proxies may keep an identity as long as the server does (5 min). */
export const IDENTITY_CACHE_CONTROL = `public, max-age=${IDENTITY_CACHE_MS / 1000}`

/**
 * GET /v1/identity/{address}?sender&chainId: the address's name and avatar from the
 * identity sources (ENS reverse records on chains with an `ensRegistry`), both null when none
 * has one. On one chain when `chainId` is given, else on every configured chain. Cached 5 min.
 * A Solana or Bitcoin address has neither.
 */
export const identityRoute =
  (deps: {
    networks: Networks
    solanaNetworks: ReadonlyMap<string, unknown>
    bitcoinNetworks: ReadonlyMap<string, BitcoinChainClient>
    polkadotNetworks: ReadonlyMap<string, PolkadotChainClient>
    cache: ReadThroughCache
    sources: readonly IdentitySource[]
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const everyChain = [...deps.networks.values()]
    app.get(
      '/v1/identity/:address',
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
        const polkadot = chainId ? deps.polkadotNetworks.get(chainId) : undefined
        // The devnet's runtime (Asset Hub) has no identity pallet, and the server reads none yet:
        // a Polkadot account has no name, said plainly once its address is checked.
        if (polkadot || (!chainId && isPolkadotAccount(request.params.address))) {
          if (polkadot) await requirePolkadotAddress(polkadot, request.params.address)
          reply.header('cache-control', IDENTITY_CACHE_CONTROL)
          return { name: null, avatar: null }
        }
        const bitcoin = chainId ? deps.bitcoinNetworks.get(chainId) : undefined
        // No naming service is read for Solana or Bitcoin accounts: they have no name, said plainly.
        if (bitcoin || (!chainId && isBitcoinAccount(request.params.address))) {
          if (bitcoin) requireBitcoinAddress(bitcoin, request.params.address)
          reply.header('cache-control', IDENTITY_CACHE_CONTROL)
          return { name: null, avatar: null }
        }
        if (!isEvmAccount(request.params.address)) {
          if (
            chainId &&
            (!deps.solanaNetworks.has(chainId) || isBitcoinAccount(request.params.address))
          )
            throw new HttpError(
              400,
              deps.solanaNetworks.has(chainId)
                ? `Expected a Solana address for ${chainId}`
                : `Expected an EVM address for ${chainId}`,
            )
          reply.header('cache-control', IDENTITY_CACHE_CONTROL)
          return { name: null, avatar: null }
        }
        if (chainId && deps.solanaNetworks.has(chainId))
          throw new HttpError(400, `Expected a Solana address for ${chainId}`)
        const chains = chainId ? [requireChain(deps.networks, chainId)] : everyChain
        const address = evmAddressOf(request.params.address)
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
