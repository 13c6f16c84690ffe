import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { balanceRoute } from './balances/routes.ts'
import { createTtlStore, ReadThroughCache } from './cache/ttlCache.ts'
import { networksOf } from './chains/chainParam.ts'
import type { ChainClient } from './chains/clients.ts'
import type { UpstreamBounds } from './chains/upstreamCircuits.ts'
import type { Config } from './config.ts'
import type { Database } from './db/index.ts'
import type { Families } from './families/registry.ts'
import { gasPriceRoute } from './fees/routes.ts'
import { EnsIdentitySource } from './identity/ensIdentity.ts'
import { identityRoute } from './identity/routes.ts'
import { LatchNamesIdentitySource } from './names/latchNamesIdentity.ts'
import { NameStore } from './names/nameStore.ts'
import { profileRoutes } from './names/routes.ts'
import { onrampRoutes } from './onramp/routes.ts'
import { createPriceSource, Prices } from './prices/prices.ts'
import { fungiblePriceRoute } from './prices/routes.ts'
import type { RedisConnection } from './redis/connection.ts'

/**
 * The account-data routes: balances, fungible prices, identity and gas price, sharing
 * one cache (Redis when REDIS_URL is set) and one price source, both built once at start; and
 * names, whose changes refresh that cache's identities; and the on-ramp,
 * whose quotes are priced by the same price source.
 */
export const accountDataRoutes =
  (deps: {
    config: Pick<Config, 'priceApiUrl' | 'chains' | 'names' | 'allowLocalhost' | 'onramp'>
    chains: Map<number, ChainClient>
    families: Families
    db: Database
    /** The cache's store when REDIS_URL is set (shared by every instance); else memory. */
    redis: RedisConnection | undefined
    /** Milliseconds the in-memory cache entries expire by; tests pass their own. */
    now?: () => number
    /** The server's bound on calls running and waiting per upstream, for the price API's. */
    upstreams?: UpstreamBounds
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const clock = deps.now && { now: deps.now }
    const cache = new ReadThroughCache(createTtlStore(deps.redis, clock), (error) =>
      app.log.warn({ err: error }, 'cache read or write failed'),
    )
    app.addHook('onClose', () => cache.close())
    const networks = networksOf(deps.chains)
    const prices = new Prices(
      createPriceSource(deps.config, deps.chains, deps.upstreams),
      cache,
      app.log,
    )
    const names = new NameStore(deps.db)
    // Latch's own names first: a name registered here is the one the site shows.
    const identitySources = [new LatchNamesIdentitySource(names), new EnsIdentitySource()]

    await app.register(balanceRoute({ families: deps.families, cache, prices }))
    await app.register(fungiblePriceRoute({ networks, prices }))
    await app.register(
      identityRoute({
        networks,
        families: deps.families,
        cache,
        sources: identitySources,
      }),
    )
    await app.register(gasPriceRoute({ families: deps.families }))
    await app.register(
      profileRoutes({
        store: names,
        db: deps.db,
        chains: deps.chains,
        zone: deps.config.names.zone,
        allowLocalhost: deps.config.allowLocalhost,
        writesPerMinute: deps.config.names.writesPerMinute,
        redis: deps.redis,
        identity: { cache, sources: identitySources },
      }),
    )
    await app.register(
      onrampRoutes({ config: deps.config.onramp, db: deps.db, chains: deps.chains, prices }),
    )
  }
