import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { accountDataRoutes } from './accountRoutes.ts'
import { startAnalyticsRetention } from './analytics/retention.ts'
import { siwxRoutes } from './auth/routes.ts'
import { bundlerRoute } from './bundler/routes.ts'
import { createChainClients } from './chains/clients.ts'
import { installRequestDeadline, outsideRequest } from './chains/requestDeadline.ts'
import { UpstreamCircuits } from './chains/upstreamCircuits.ts'
import type { Config } from './config.ts'
import { dashboardPageRoutes } from './dashboard/page.ts'
import { dashboardApiRoutes } from './dashboard/routes.ts'
import type { Database } from './db/index.ts'
import { DATABASE_UNAVAILABLE_MESSAGE, DatabaseUnavailableError } from './db/unavailable.ts'
import { HttpError, STATUS_NAMES } from './errors.ts'
import { createBitcoinClients } from './families/bitcoin/clients.ts'
import { bitcoinFamily } from './families/bitcoin/family.ts'
import { esploraRoutes } from './families/bitcoin/routes.ts'
import { evmFamily } from './families/evm/family.ts'
import { createPolkadotFamily } from './families/polkadot/family.ts'
import { polkadotRoutes } from './families/polkadot/routes.ts'
import { Families } from './families/registry.ts'
import { supportedChainsRoute } from './families/routes.ts'
import { createSolanaClients } from './families/solana/clients.ts'
import { solanaFamily } from './families/solana/family.ts'
import { withFrameRoutes } from './frame/openApi.ts'
import { healthRoutes } from './health/routes.ts'
import { historyRoute } from './history/routes.ts'
import { startIndexers } from './indexer/indexer.ts'
import { openIndexerSession } from './indexer/session.ts'
import { NftMetadata } from './nfts/metadata.ts'
import { nftRoutes, spamListsOf } from './nfts/routes.ts'
import { OnrampCatalogue } from './onramp/catalogue.ts'
import { PayoutWorker } from './onramp/payout.ts'
import { sandboxCheckoutRoutes } from './onramp/sandbox/checkoutRoutes.ts'
import { paymasterRoute } from './paymaster/routes.ts'
import { sponsorOf } from './paymaster/service.ts'
import { SponsorshipSettler } from './paymaster/settler.ts'
import { installJsonBodyParser } from './plugins/jsonBody.ts'
import { requireProject } from './plugins/project.ts'
import { refuseMalformedQueryString } from './plugins/queryString.ts'
import { isLocalhostOrigin, ProjectStore } from './projects.ts'
import { RedisConnection } from './redis/connection.ts'
import { assetImageRoute } from './registry/routes/assetImage.ts'
import { currencyImageRoute } from './registry/routes/currencyImage.ts'
import { getWalletsRoute } from './registry/routes/getWallets.ts'
import { originsRoute } from './registry/routes/origins.ts'
import { projectConfigRoute } from './registry/routes/projectConfig.ts'
import { telemetryRoutes } from './registry/routes/telemetry.ts'
import { tokenImageRoute } from './registry/routes/tokenImage.ts'
import { walletImageRoute } from './registry/routes/walletImage.ts'
import { WalletStore } from './registry/wallets.ts'
import { rpcRoute } from './rpc/routes.ts'
import { sessionsRoutes } from './sessions/routes.ts'
import { convertRoutes } from './swap/routes.ts'
import { fastifyTrustProxy } from './trustProxy.ts'

export const SERVER_VERSION = '0.1.0'

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

/** The body of an error answer. */
export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message }
}

/**
 * The error shape of every route, on both listeners: `{statusCode, error, message}`; bad input is
 * a 400 with the validator's message, an HttpError its own status, anything else a logged 500.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
        return where
          ? `${error.validationContext ?? 'request'}.${where}: ${issue.message}`
          : issue.message
      })
      return reply.code(400).send(errorBody(400, details.join('; ')))
    }
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message))
    // The database down or restarting: the caller may retry; the driver's words stay in the log.
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ err: error }, 'database unavailable')
      return reply.code(503).send(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE))
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send(errorBody(400, 'Body is not valid JSON'))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500)
      return reply.code(status).send(errorBody(status, error.message))
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send(errorBody(500, 'Something went wrong'))
  })
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]}`)),
  )
}

/** Builds the Fastify app on an open, migrated database; `listen` is the caller's. */
export async function buildServer({
  config,
  db,
  frame,
  now,
}: ServerDeps): Promise<FastifyInstance> {
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

  const projects = new ProjectStore(db)
  // One view of which upstreams answer, for the chain clients and the gateway alike.
  const circuits = new UpstreamCircuits(config.upstreamSlots)
  const chains = createChainClients(config.chains, { timeoutMs: config.rpc.timeoutMs, circuits })
  const solanaChains = createSolanaClients(config.solanaChains, {
    timeoutMs: config.rpc.timeoutMs,
    circuits,
  })
  const bitcoinChains = createBitcoinClients(config.bitcoinChains, {
    timeoutMs: config.rpc.timeoutMs,
    circuits,
  })
  const polkadot = createPolkadotFamily({
    chains: config.polkadotChains,
    db,
    pollMs: config.indexer.pollMs,
    upstreams: circuits,
    log: app.log,
  })
  app.addHook('onClose', () => polkadot.close())
  const wallets = new WalletStore(db)
  // The catalogue is the source of the wallets table: written at every start, idempotently.
  await wallets.seedCatalogue()

  installErrorHandlers(app)
  installJsonBodyParser(app)
  app.addHook('onRequest', refuseMalformedQueryString)
  // A request's chain and upstream calls share one RPC_TIMEOUT_MS, counted from its arrival.
  installRequestDeadline(app, config.rpc.timeoutMs)

  // The configured origins (the demo), localhost in development, and every project's origins.
  const corsAllows = async (origin: string | undefined): Promise<boolean> =>
    !origin ||
    config.corsOrigins.includes(origin) ||
    (config.allowLocalhost && isLocalhostOrigin(origin)) ||
    projects.isKnownOrigin(origin)
  await app.register(cors, {
    delegator: async (request: FastifyRequest) => {
      const origin = request.headers.origin
      const allowed = await corsAllows(origin)
      // A preflight the browser will not follow with its request: say why, instead of a 404.
      if (
        !allowed &&
        request.method === 'OPTIONS' &&
        request.headers['access-control-request-method']
      )
        throw new HttpError(403, `Origin ${origin} is not allowed`)
      return { origin: allowed, credentials: true }
    },
  })
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Latch server',
        description: 'Blockchain API, wallet registry and auth for the Latch wallet-connection kit',
        version: SERVER_VERSION,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : document.swaggerObject
      return frame ? withFrameRoutes(openapi, frame) : openapi
    },
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })

  // One connection to Redis for the cache and the gateway's limit, opened in the background: the
  // server starts, and answers, whether or not Redis is there.
  const redis = config.redisUrl
    ? new RedisConnection(config.redisUrl, {
        timeoutMs: config.redisTimeoutMs,
        log: app.log,
      }).start()
    : undefined
  if (redis) app.addHook('onClose', () => redis.close())

  await app.register(healthRoutes({ db, chains, circuits, redis, version: SERVER_VERSION }))
  // The sandbox on-ramp (never in production): its checkout pages, and the worker paying out.
  const sandbox = config.onramp.sandbox
  const payouts = sandbox
    ? new PayoutWorker({
        treasuryKey: sandbox.treasuryKey,
        chains,
        openSession: () => openIndexerSession(config.database, db, 'latch-onramp-payout'),
        log: app.log,
        failpoint: config.onramp.failpoint,
      })
    : undefined
  if (sandbox && payouts) {
    await app.register(
      sandboxCheckoutRoutes({
        db,
        catalogue: new OnrampCatalogue(config.chains),
        payAttemptsPerMinute: sandbox.payAttemptsPerMinute,
        redis,
        failpoint: config.onramp.failpoint,
        // The payout outlives the checkout request that pays: it keeps each call's own timeout.
        paid: () => outsideRequest(() => payouts.kick()),
      }),
    )
  }
  // The owner's dashboard: its page, and its JSON behind the admin login.
  await app.register(dashboardPageRoutes({ pageDir: config.dashboard.pageDir }))
  await app.register(dashboardApiRoutes({ db, redis, adminToken: config.dashboard.adminToken }))
  // Sponsored gas: the chains with a paymaster, when the server has the key that signs for it.
  const paymaster = sponsorOf({ config, chains, db, log: app.log })
  // NFTs' metadata, read once per token and kept: the NFT list and history both describe them.
  const nftMetadata = new NftMetadata({
    db,
    chains,
    policy: config.nftFetch,
    upstreams: circuits,
    log: app.log,
  })
  // Every chain family the server serves, each with its networks: what routes ask by CAIP-2 id.
  const families = new Families([
    evmFamily(chains, { db, nfts: { metadata: nftMetadata, spamLists: spamListsOf(chains) } }),
    solanaFamily(solanaChains, { db, log: app.log }),
    bitcoinFamily(bitcoinChains, { db, log: app.log }),
    polkadot,
  ])
  // Everything the kit calls for a project: /v1/* and the wallet registry.
  await app.register(async (scoped) => {
    scoped.addHook(
      'preValidation',
      requireProject(projects, { allowLocalhost: config.allowLocalhost }),
    )
    await scoped.register(
      supportedChainsRoute({
        families,
        chainConfigs: config.chains,
        sponsoredChainIds: paymaster?.chainIds ?? [],
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
      rpcRoute({
        families,
        rpc: config.rpc,
        redis,
        circuits,
      }),
    )
    await scoped.register(bundlerRoute({ chains: config.chains, rpc: config.rpc, redis, circuits }))
    await scoped.register(
      paymasterRoute({ chains: config.chains, rpc: config.rpc, service: paymaster, redis }),
    )
    await scoped.register(esploraRoutes({ bitcoinChains, rpc: config.rpc, redis }))
    await scoped.register(originsRoute)
    await scoped.register(
      projectConfigRoute({
        socialProviders: [
          ...config.embedded.social.map((provider) => provider.id),
          // Farcaster is offered where its relay and Optimism RPC are configured.
          ...(config.embedded.farcaster ? (['farcaster'] as const) : []),
        ],
        onrampProviders: config.onramp.providers,
      }),
    )
    await scoped.register(
      telemetryRoutes({ db, redis, eventsPerSecond: config.analytics.eventsPerSecond }),
    )
    await scoped.register(getWalletsRoute({ wallets }))
    await scoped.register(walletImageRoute({ wallets }))
    await scoped.register(assetImageRoute({ chains: config.chains }))
    await scoped.register(currencyImageRoute)
    await scoped.register(tokenImageRoute)
    await scoped.register(historyRoute({ families }))
    await scoped.register(
      nftRoutes({
        db,
        chains,
        metadata: nftMetadata,
        policy: config.nftFetch,
        upstreams: circuits,
      }),
    )
    await scoped.register(polkadotRoutes({ polkadot, db }))
    await scoped.register(convertRoutes({ chains }))
    await scoped.register(sessionsRoutes({ db, chains, redis }))
    await scoped.register(
      siwxRoutes({
        db,
        families,
        allowLocalhost: config.allowLocalhost,
        redis,
      }),
    )
  })
  // Last, so nothing after it can fail and leave it running; stopped when the app closes.
  if (config.indexer.enabled) {
    const indexers = startIndexers({ config, db, log: app.log })
    polkadot.startIndexing()
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
  return app
}
