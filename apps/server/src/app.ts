import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { startAnalyticsRetention } from './analytics/retention.ts'
import { createChainClients } from './chains/clients.ts'
import { installRequestDeadline } from './chains/requestDeadline.ts'
import { UpstreamCircuits } from './chains/upstreamCircuits.ts'
import type { Config } from './config.ts'
import { dashboardPageRoutes } from './dashboard/page.ts'
import { dashboardApiRoutes } from './dashboard/routes.ts'
import type { Database } from './db/index.ts'
import type { PolkadotFamily } from './families/polkadot/family.ts'
import { serveFamilies } from './families/serveFamilies.ts'
import { apiDocumentOptions } from './frame/openApi.ts'
import { healthRoutes } from './health/routes.ts'
import { startIndexers } from './indexer/indexer.ts'
import { openIndexerSession } from './indexer/session.ts'
import { NftMetadata } from './nfts/metadata.ts'
import type { PayoutWorker } from './onramp/payout.ts'
import { sandboxOnramp } from './onramp/sandbox/sandboxOnramp.ts'
import { type PaymasterService, sponsorOf } from './paymaster/service.ts'
import { SponsorshipSettler } from './paymaster/settler.ts'
import { corsOptions } from './plugins/cors.ts'
import { installErrorHandlers } from './plugins/errorHandlers.ts'
import { installJsonBodyParser } from './plugins/jsonBody.ts'
import { refuseMalformedQueryString } from './plugins/queryString.ts'
import { projectRoutes } from './projectRoutes.ts'
import { ProjectStore } from './projects.ts'
import { openRedis } from './redis/openRedis.ts'
import { WalletStore } from './registry/wallets.ts'
import { fastifyTrustProxy } from './trustProxy.ts'
import { SERVER_VERSION } from './version.ts'

export { SERVER_VERSION }

export type ServerDeps = {
  config: Config
  db: Database
  /** The frame listener (buildFrameServer), whose routes the OpenAPI document lists too. */
  frame?: FastifyInstance
  /**
   * The clock (milliseconds) the in-memory caches expire by: a test moves it on past a balance's
   * 30 s instead of sleeping. Entries in Redis expire by Redis's clock.
   */
  now?: () => number
}

/** The API listener's Fastify: its logger (credentials redacted), body limit and zod schemas. */
function createApiApp(config: Config) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-project-id"]'],
    },
    bodyLimit: 1_048_576,
    // request.ip, which every per-IP limit counts by, is X-Forwarded-For's only behind these.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  return app
}

/** Builds the Fastify app on an open, migrated database; `listen` is the caller's. */
export async function buildServer({
  config,
  db,
  frame,
  now,
}: ServerDeps): Promise<FastifyInstance> {
  const app = createApiApp(config)
  const projects = new ProjectStore(db)
  // One view of which upstreams answer, for the chain clients and the gateway alike.
  const circuits = new UpstreamCircuits(config.upstreamSlots)
  const chains = createChainClients(config.chains, { timeoutMs: config.rpc.timeoutMs, circuits })
  // NFTs' metadata, read once per token and kept: the NFT list and history both describe them.
  const nftMetadata = new NftMetadata({
    db,
    chains,
    policy: config.nftFetch,
    upstreams: circuits,
    log: app.log,
  })
  const { families, bitcoin, polkadot } = serveFamilies(
    { ...config, timeoutMs: config.rpc.timeoutMs, pollMs: config.indexer.pollMs },
    { db, chains, circuits, nftMetadata, log: app.log },
  )
  app.addHook('onClose', () => polkadot.close())
  const wallets = new WalletStore(db)
  // The catalogue is the source of the wallets table: written at every start, idempotently.
  await wallets.seedCatalogue()

  installErrorHandlers(app)
  installJsonBodyParser(app)
  app.addHook('onRequest', refuseMalformedQueryString)
  // A request's chain and upstream calls share one RPC_TIMEOUT_MS, counted from its arrival.
  installRequestDeadline(app, config.rpc.timeoutMs)
  await app.register(cors, corsOptions({ ...config, projects }))
  await app.register(swagger, apiDocumentOptions(frame))
  await app.register(swaggerUi, { routePrefix: '/docs' })

  // One connection to Redis for the cache and the gateway's limit.
  const redis = openRedis(app, { url: config.redisUrl, timeoutMs: config.redisTimeoutMs })
  await app.register(
    healthRoutes({
      db,
      chains,
      networks: families.networks,
      circuits,
      redis,
      version: SERVER_VERSION,
    }),
  )
  const sandbox = sandboxOnramp({
    onramp: config.onramp,
    db,
    chainConfigs: config.chains,
    redis,
    payouts: {
      chains,
      openSession: () => openIndexerSession(config.database, db, 'latch-onramp-payout'),
      log: app.log,
    },
  })
  if (sandbox) await app.register(sandbox.checkoutRoutes)
  // The owner's dashboard: its page, and its JSON behind the admin login.
  await app.register(dashboardPageRoutes({ pageDir: config.dashboard.pageDir }))
  await app.register(dashboardApiRoutes({ db, redis, adminToken: config.dashboard.adminToken }))
  // Sponsored gas: the chains with a paymaster, when the server has the key that signs for it.
  const paymaster = sponsorOf({ config, chains, db, log: app.log })
  await app.register(
    projectRoutes({
      config,
      db,
      projects,
      chains,
      families,
      bitcoin,
      polkadot,
      circuits,
      redis,
      paymaster,
      nftMetadata,
      wallets,
      now,
    }),
  )
  // Last, so nothing after it can fail and leave it running; stopped when the app closes.
  startWorkers(app, { config, db, polkadot, payouts: sandbox?.payouts, paymaster })
  return app
}

/**
 * The server's background work, each stopped when the app closes: the history indexers (on an
 * instance that indexes), the sandbox's payouts, the analytics retention and the sponsorship
 * settler.
 */
function startWorkers(
  app: FastifyInstance,
  deps: {
    config: Config
    db: Database
    polkadot: PolkadotFamily
    payouts: PayoutWorker | undefined
    paymaster: PaymasterService | undefined
  },
): void {
  const { config, db, payouts, paymaster } = deps
  if (config.indexer.enabled) {
    const indexers = startIndexers({ config, db, log: app.log })
    deps.polkadot.startIndexing()
    app.addHook('onClose', () => indexers.stop())
  }
  if (payouts) {
    payouts.start()
    app.addHook('onClose', () => payouts.stop())
  }
  const retention = startAnalyticsRetention({
    db,
    days: config.analytics.retentionDays,
    log: app.log,
  })
  app.addHook('onClose', () => retention.stop())
  if (paymaster) {
    const settler = new SponsorshipSettler({ db, chains: paymaster.chains, log: app.log })
    settler.start()
    app.addHook('onClose', () => settler.stop())
  }
}
