import type { SocialProvider } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountDataRoutes } from './accountRoutes.ts'
import { siwxRoutes } from './auth/routes.ts'
import { bundlerRoute } from './bundler/routes.ts'
import type { ChainClient } from './chains/clients.ts'
import type { UpstreamCircuits } from './chains/upstreamCircuits.ts'
import type { Config } from './config.ts'
import type { Database } from './db/index.ts'
import type { EmbeddedConfig } from './embedded/config.ts'
import type { BitcoinFamily } from './families/bitcoin/family.ts'
import { esploraRoutes } from './families/bitcoin/routes.ts'
import type { PolkadotFamily } from './families/polkadot/family.ts'
import { polkadotRoutes } from './families/polkadot/routes.ts'
import type { Families } from './families/registry.ts'
import { supportedChainsRoute } from './families/routes.ts'
import { historyRoute } from './history/routes.ts'
import type { NftMetadata } from './nfts/metadata.ts'
import { nftRoutes } from './nfts/routes.ts'
import { paymasterRoute } from './paymaster/routes.ts'
import type { PaymasterService } from './paymaster/service.ts'
import { requireProject } from './plugins/project.ts'
import type { ProjectStore } from './projects.ts'
import type { RedisConnection } from './redis/connection.ts'
import { registryRoutes } from './registry/routes/registryRoutes.ts'
import type { WalletStore } from './registry/wallets.ts'
import { rpcRoute } from './rpc/routes.ts'
import { sessionsRoutes } from './sessions/routes.ts'
import { convertRoutes } from './swap/routes.ts'

/** The social logins this server can complete: the configured providers, and Farcaster where its relay and Optimism RPC are. */
function offeredSocialProviders(
  embedded: Pick<EmbeddedConfig, 'social' | 'farcaster'>,
): SocialProvider[] {
  return [
    ...embedded.social.map((provider) => provider.id),
    ...(embedded.farcaster ? (['farcaster'] as const) : []),
  ]
}

/**
 * Everything the kit calls for a project: /v1/* and the wallet registry, each request first
 * given its project (400 missing or malformed, 401 unknown, 403 an origin it does not list).
 */
export const projectRoutes =
  (deps: {
    config: Config
    db: Database
    projects: ProjectStore
    chains: Map<number, ChainClient>
    families: Families
    bitcoin: BitcoinFamily
    polkadot: PolkadotFamily
    circuits: UpstreamCircuits
    redis: RedisConnection | undefined
    paymaster: PaymasterService | undefined
    nftMetadata: NftMetadata
    wallets: WalletStore
    now?: (() => number) | undefined
  }): FastifyPluginAsyncZod =>
  async (scoped) => {
    const { config, db, chains, families, circuits, redis, now } = deps
    scoped.addHook(
      'preValidation',
      requireProject(deps.projects, { allowLocalhost: config.allowLocalhost }),
    )
    await scoped.register(
      supportedChainsRoute({
        families,
        chainConfigs: config.chains,
        sponsoredChainIds: deps.paymaster?.chainIds ?? [],
      }),
    )
    await scoped.register(
      accountDataRoutes({
        config,
        chains,
        families,
        db,
        redis,
        upstreams: circuits,
        ...(now && { now }),
      }),
    )
    await scoped.register(
      rpcRoute({ networks: families.networks, rpc: config.rpc, redis, circuits }),
    )
    await scoped.register(bundlerRoute({ chains: config.chains, rpc: config.rpc, redis, circuits }))
    await scoped.register(
      paymasterRoute({ chains: config.chains, rpc: config.rpc, service: deps.paymaster, redis }),
    )
    await scoped.register(esploraRoutes({ bitcoin: deps.bitcoin, rpc: config.rpc, redis }))
    await scoped.register(
      registryRoutes({
        db,
        redis,
        eventsPerSecond: config.analytics.eventsPerSecond,
        wallets: deps.wallets,
        chains: config.chains,
        socialProviders: offeredSocialProviders(config.embedded),
        onrampProviders: config.onramp.providers,
      }),
    )
    await scoped.register(historyRoute({ families }))
    await scoped.register(
      nftRoutes({
        db,
        chains,
        metadata: deps.nftMetadata,
        policy: config.nftFetch,
        upstreams: circuits,
      }),
    )
    await scoped.register(polkadotRoutes({ polkadot: deps.polkadot, db }))
    await scoped.register(convertRoutes({ chains }))
    await scoped.register(sessionsRoutes({ db, chains, redis }))
    await scoped.register(
      siwxRoutes({ db, families, allowLocalhost: config.allowLocalhost, redis }),
    )
  }
