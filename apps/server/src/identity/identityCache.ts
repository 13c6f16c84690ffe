import type { FastifyBaseLogger } from 'fastify'
import type { Address } from 'viem'
import type { ReadThroughCache } from '../cache/ttlCache.ts'
import type { ChainClient } from '../chains/clients.ts'
import { IDENTITY_CACHE_MS } from '../constants.ts'
import { type IdentitySource, resolveIdentity } from './identitySource.ts'

/**
 * The cache key of GET /v1/identity/{address}: per chain asked (`*` for every chain) and
 * lower-case address; the route reads through it and a name change refreshes it.
 */
export const identityCacheKey = (caipNetworkId: string | undefined, address: string): string =>
  `identity:${caipNetworkId ?? '*'}:${address.toLowerCase()}`

/**
 * Reloads the cached identities of an address (every chain, and each chain alone) after its name
 * changed, so the identity route never serves the old name for the rest of its 5 minutes. When a
 * source fails (ENS down) the entry is dropped: the route then asks the sources itself and says
 * the identity is unavailable while they fail, rather than answering "no name".
 */
export async function refreshIdentities(
  deps: {
    cache: ReadThroughCache
    sources: readonly IdentitySource[]
    chains: readonly ChainClient[]
    log: FastifyBaseLogger
  },
  address: string,
): Promise<void> {
  const owner = address.toLowerCase() as Address
  const scopes: { key: string; chains: readonly ChainClient[] }[] = [
    { key: identityCacheKey(undefined, owner), chains: deps.chains },
    ...deps.chains.map((chain) => ({
      key: identityCacheKey(chain.caipNetworkId, owner),
      chains: [chain],
    })),
  ]
  await Promise.all(
    scopes.map(async ({ key, chains }) => {
      try {
        await deps.cache.get(key, () => resolveIdentity(deps.sources, owner, chains), {
          ttlMs: IDENTITY_CACHE_MS,
          refresh: true,
        })
      } catch (error) {
        deps.log.warn({ err: error, address: owner }, 'identity refresh failed')
        await deps.cache.forget(key)
      }
    }),
  )
}
