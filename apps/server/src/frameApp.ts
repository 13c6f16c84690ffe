import type { AddressInfo } from 'node:net'
import swagger from '@fastify/swagger'
import { FRAME_LONG_POLL_MS, WALLET_API_PREFIX } from '@latch/protocol'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { type ChainClient, createChainClients } from './chains/clients.ts'
import { UpstreamCircuits } from './chains/upstreamCircuits.ts'
import type { Config } from './config.ts'
import type { Database } from './db/index.ts'
import { CodeHasher } from './embedded/codes.ts'
import type { EmbeddedContext } from './embedded/context.ts'
import { EmailLogin, type EmailLoginLimits } from './embedded/emailLogin.ts'
import { FarcasterLoginFlows, type FarcasterServices } from './embedded/farcaster/farcasterLogin.ts'
import { createFarcasterRelayClient } from './embedded/farcaster/relay.ts'
import { optimismClient } from './embedded/farcaster/verifySignIn.ts'
import { KeyVault } from './embedded/keys.ts'
import { type MailTransport, smtpTransport, WalletMailer } from './embedded/mailer.ts'
import { loadMasterKey } from './embedded/masterKey.ts'
import { emailLoginRoutes } from './embedded/routes/email.ts'
import { farcasterLoginRoutes } from './embedded/routes/farcaster.ts'
import { walletSessionRoutes } from './embedded/routes/session.ts'
import { socialLoginRoutes } from './embedded/routes/social.ts'
import { updateEmailRoutes } from './embedded/routes/update.ts'
import { walletRpcRoutes } from './embedded/routes/wallet.ts'
import { createSmartAccountChains } from './embedded/smartAccount/chains.ts'
import { createSocialLogin } from './embedded/social/index.ts'
import { type SocialLoginClient, SocialLoginFlows } from './embedded/socialLogin.ts'
import { UpdateEmail } from './embedded/updateEmail.ts'
import { createSolanaClients, type SolanaChainClient } from './families/solana/clients.ts'
import { framePageRoutes } from './frame/framePage.ts'
import { BASE_SECURITY_HEADERS, requireFrameOrigin } from './frame/security.ts'
import { sponsorOf } from './paymaster/service.ts'
import { installErrorHandlers } from './plugins/errorHandlers.ts'
import { installJsonBodyParser } from './plugins/jsonBody.ts'
import { queryStart, refuseMalformedQueryString } from './plugins/queryString.ts'
import { ProjectStore } from './projects.ts'
import { openRedis } from './redis/openRedis.ts'
import { fastifyTrustProxy } from './trustProxy.ts'
import { SERVER_VERSION } from './version.ts'

/** Where the frame app's log lines go: a pino destination (tests capture them). */
export type LogDestination = { write(line: string): void }

export type FrameServerDeps = {
  config: Config
  db: Database
  /** Shared with the API app when given; else clients of `config.chains`. */
  chains?: Map<number, ChainClient>
  /** Default: clients of `config.solanaChains`. */
  solanaChains?: ReadonlyMap<string, SolanaChainClient>
  projects?: ProjectStore
  /** The master key; default: loaded from `config.embedded.masterKey`. */
  masterKey?: Buffer
  /** Default: SMTP to `config.embedded.mail.smtpUrl`, or none (email login answers 503). */
  mailTransport?: MailTransport
  /** Default: the social providers of `config.embedded.social`. */
  socialLogin?: SocialLoginClient
  /** Default: the relay and Optimism RPC of `config.embedded.farcaster`, when configured. */
  farcaster?: FarcasterServices
  /** The clock of every rule (expiry, cooldown, session end); default the system clock. */
  now?: () => Date
  /** How long a long poll waits; default FRAME_LONG_POLL_MS. */
  longPollMs?: number
  limits?: Partial<EmailLoginLimits> & { socialStartsPerIp?: { max: number; windowMs: number } }
  logStream?: LogDestination
}

/** A URL without its query: tokens, codes and states in query strings stay out of the log. */
const withoutQuery = (url: string) => {
  const start = queryStart(url)
  return start === -1 ? url : `${url.slice(0, start)}?[redacted]`
}

/** `http://<host>:<port>` of a listener, loopback in place of a wildcard host. */
function originOf(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '[::1]' : host
  return `http://${shown.includes(':') && !shown.startsWith('[') ? `[${shown}]` : shown}:${port}`
}

/**
 * The wallet frame's origin, a Fastify app of its own on FRAME_PORT: the frame page
 * and the embedded wallet's API under /wallet/v1. No CORS: only the frame page itself calls the
 * API, and every POST must carry the frame's Origin. `listen` is the caller's.
 */
export async function buildFrameServer(deps: FrameServerDeps): Promise<FastifyInstance> {
  const { config, db } = deps
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.otp',
          '*.sessionToken',
          '*.flowSecret',
          '*.token',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: { method?: string; url?: string; ip?: string }) => ({
          method: request.method,
          url: withoutQuery(request.url ?? ''),
          remoteAddress: request.ip,
        }),
      },
      ...(deps.logStream && { stream: deps.logStream }),
    },
    bodyLimit: 262_144,
    // The login limits count by request.ip: X-Forwarded-For's only behind a trusted proxy.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandlers(app)
  installJsonBodyParser(app)
  app.addHook('onRequest', refuseMalformedQueryString)

  const frameUrl = () => {
    if (config.embedded.frameUrl) return config.embedded.frameUrl
    const address = app.server.address() as AddressInfo | null
    return originOf(config.embedded.frameHost, address?.port ?? config.embedded.framePort)
  }
  app.decorate('frameOrigin', frameUrl)
  // Its routes are documented in the API server's OpenAPI document (withFrameRoutes): no page here.
  await app.register(swagger, {
    openapi: {
      info: { title: 'Latch wallet frame', version: SERVER_VERSION },
    },
    transform: jsonSchemaTransform,
  })
  // The login limits per IP count in Redis, as the API's do, so every instance shares them; the
  // frame starts, and answers, whether or not Redis is there.
  const redis = openRedis(app, { url: config.redisUrl, timeoutMs: config.redisTimeoutMs })
  const masterKey = deps.masterKey ?? loadMasterKey(config.embedded.masterKey, app.log)
  const { smtpUrl, from, devLogCodes } = config.embedded.mail
  const transport = deps.mailTransport ?? (smtpUrl ? smtpTransport(smtpUrl, from) : undefined)
  const mailer = new WalletMailer(transport, { devLogCodes })
  const closing = new AbortController()
  const chains =
    deps.chains ??
    createChainClients(config.chains, {
      timeoutMs: config.rpc.timeoutMs,
      circuits: new UpstreamCircuits(config.upstreamSlots),
    })
  const context: EmbeddedContext = {
    db,
    vault: new KeyVault(masterKey),
    codes: new CodeHasher(masterKey),
    mailer,
    chains,
    // The smart accounts' sponsor: the service POST /v1/paymaster answers with.
    sponsor: sponsorOf({ config, chains, db, log: app.log }),
    smartAccounts: createSmartAccountChains(config.chains, {
      timeoutMs: config.rpc.timeoutMs,
      circuits: new UpstreamCircuits(config.upstreamSlots),
    }),
    solanaChains:
      deps.solanaChains ??
      createSolanaClients(config.solanaChains, {
        timeoutMs: config.rpc.timeoutMs,
        circuits: new UpstreamCircuits(config.upstreamSlots),
      }),
    projects: deps.projects ?? new ProjectStore(db),
    now: deps.now ?? (() => new Date()),
    sessionTtlMs: config.embedded.sessionTtlMs,
    frameUrl,
    longPollMs: deps.longPollMs ?? FRAME_LONG_POLL_MS,
    closing: closing.signal,
    log: app.log,
    redis,
  }
  // The redirect URI names the frame origin, known for sure only once it listens: made on first use.
  let socialClient: SocialLoginClient | undefined = deps.socialLogin
  const social = () => {
    if (!socialClient && config.embedded.social.length > 0)
      socialClient = createSocialLogin(config.embedded.social, {
        redirectUri: `${frameUrl()}${WALLET_API_PREFIX}/social/callback`,
      })
    return socialClient
  }

  app.addHook(
    'onRequest',
    requireFrameOrigin(() => new URL(frameUrl()).origin),
  )
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS))
      if (!reply.hasHeader(name)) reply.header(name, value)
    // Every answer here is one visitor's (a session, a user, a login's page), so no cache keeps
    // one unless its route says so (the frame page, its hashed assets). Decided per answer, not
    // by the request's path, which the router reads in more spellings than one.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    return payload
  })
  // Long polls end at once, so closing does not wait out FRAME_LONG_POLL_MS.
  app.addHook('preClose', async () => closing.abort())
  app.addHook('onClose', async () => mailer.close())

  await app.register(
    framePageRoutes({ frameDir: config.embedded.frameDir, projects: context.projects }),
  )
  await app.register(emailLoginRoutes({ emailLogin: new EmailLogin(context, deps.limits) }))
  await app.register(
    socialLoginRoutes({
      social: new SocialLoginFlows(context, social, deps.limits?.socialStartsPerIp),
      frameUrl,
    }),
  )
  const { farcaster } = config.embedded
  const farcasterServices: FarcasterServices | undefined =
    deps.farcaster ??
    (farcaster && {
      relay: createFarcasterRelayClient(farcaster),
      optimism: optimismClient(farcaster.optimismRpcUrl, config.rpc.timeoutMs),
    })
  await app.register(
    farcasterLoginRoutes({
      farcaster: new FarcasterLoginFlows(context, () => farcasterServices),
    }),
  )
  await app.register(walletSessionRoutes({ context }))
  await app.register(walletRpcRoutes({ context }))
  await app.register(
    updateEmailRoutes({
      context,
      updateEmail: new UpdateEmail(context, deps.limits?.verifiesPerIp),
    }),
  )
  return app
}
