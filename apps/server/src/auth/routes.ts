import {
  clientQuery,
  errorResponse,
  type SiwxSession,
  siwxBearerHeaders,
  siwxNonceQuery,
  siwxNonceResponse,
  siwxSession,
  siwxSignoutResponse,
  siwxVerifyBody,
  siwxVerifyResponse,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import type { Families } from '../families/registry.ts'
import type { Project } from '../projects.ts'
import { SharedRateLimiter } from '../rateLimits/sharedRateLimiter.ts'
import type { RedisConnection } from '../redis/connection.ts'
import { SIWX_RATE_LIMIT } from './constants.ts'
import { SiwxNonceStore } from './nonceStore.ts'
import { type SiwxSessionRecord, SiwxSessionStore } from './sessionStore.ts'
import { signIn } from './signIn.ts'

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  429: errorResponse,
  503: errorResponse,
}

const toSessionResponse = (session: SiwxSessionRecord): SiwxSession => ({
  address: session.address,
  chainId: session.chainId ?? session.caipNetworkId.slice(session.caipNetworkId.indexOf(':') + 1),
  caipNetworkId: session.caipNetworkId as SiwxSession['caipNetworkId'],
  projectId: session.projectId,
  domain: session.domain,
  uri: session.uri,
  issuedAt: session.createdAt.toISOString(),
  expiresAt: session.expiresAt.toISOString(),
})

const projectOf = (request: FastifyRequest): Project => {
  if (!request.project) throw new Error('SIWX routes are registered without requireProject')
  return request.project
}

const bearerTokenOf = (request: FastifyRequest): string => {
  const header = request.headers.authorization
  if (!header) throw new HttpError(401, 'Authorization: Bearer <token> is required')
  return header.slice('Bearer '.length)
}

/**
 * Sign-in with the wallet, under the project's scope: a nonce, the
 * verification of a signed EIP-4361 message opening a session, the session by its bearer token
 * (for the site's backend), and sign-out.
 */
export const siwxRoutes =
  (deps: {
    db: Database
    families: Families
    allowLocalhost: boolean
    rateLimit?: { max: number; windowMs: number }
    /** Where the per-IP limits are shared by every instance (memory without it). */
    redis?: RedisConnection
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const nonces = new SiwxNonceStore(deps.db)
    const sessions = new SiwxSessionStore(deps.db)
    // Per IP and shared by every instance on the Redis: a balancer spreading one visitor's sign-in
    // attempts over instances gives them no more.
    const limit = deps.rateLimit ?? SIWX_RATE_LIMIT
    const nonceLimiter = new SharedRateLimiter({
      name: 'siwx-nonce',
      ...limit,
      redis: deps.redis,
      log: app.log,
    })
    const verifyLimiter = new SharedRateLimiter({
      name: 'siwx-verify',
      ...limit,
      redis: deps.redis,
      log: app.log,
    })

    /** The live session of the bearer token, for the project of the call, or 401. */
    const liveSession = async (request: FastifyRequest): Promise<SiwxSessionRecord> => {
      const token = bearerTokenOf(request)
      const session = await sessions.findByToken(token)
      if (!session || session.projectId !== projectOf(request).id)
        throw new HttpError(401, 'Unknown session token')
      if (session.revokedAt) throw new HttpError(401, 'Session revoked: sign in again')
      if (session.expiresAt <= new Date())
        throw new HttpError(
          401,
          `Session Expired at ${session.expiresAt.toISOString()}: sign in again`,
        )
      return session
    }

    app.get(
      ROUTES.siwxNonce.path,
      {
        schema: {
          tags: ['auth'],
          summary: 'A single-use nonce for a sign-in message',
          description:
            'Random, 32 hex characters; usable once, for 10 minutes. 30 a minute per IP.',
          querystring: siwxNonceQuery,
          response: { 200: siwxNonceResponse, ...errors },
        },
      },
      async (request) => {
        await nonceLimiter.hit(request.ip)
        const nonce = await nonces.issue(projectOf(request).id)
        return { nonce: nonce.nonce, expiresAt: nonce.expiresAt.toISOString() }
      },
    )

    app.post(
      ROUTES.siwxVerify.path,
      {
        schema: {
          tags: ['auth'],
          summary:
            'Verifies a signed sign-in message (EIP-4361, Sign In With Solana, Sign In With Bitcoin) and opens a session',
          description:
            'Checks the message (EIP-4361 on EVM, Sign In With Solana on Solana, Sign In With Bitcoin on Bitcoin), its nonce (issued here, unused, unexpired), its domain ' +
            "and uri (the project's allowed origins), its chain (configured), its time window " +
            '(60 s of clock skew; outside -> 401 "Session Expired: ...") and its signature ' +
            '(EIP-191, ERC-1271 or ERC-6492 on EVM, ed25519 on Solana, BIP-322 simple (P2WPKH, P2TR) ' +
            'or BIP-137 on Bitcoin, whose address must be of the network; else 401 "Invalid ' +
            'signature"). The token is the ' +
            'bearer of the session routes. 30 a minute per IP.',
          querystring: clientQuery.partial(),
          body: siwxVerifyBody,
          response: { 200: siwxVerifyResponse, ...errors },
        },
      },
      async (request) => {
        await verifyLimiter.hit(request.ip)
        const { token, session } = await signIn(
          {
            db: deps.db,
            families: deps.families,
            nonces,
            allowLocalhost: deps.allowLocalhost,
            log: request.log,
          },
          {
            project: projectOf(request),
            message: request.body.message,
            signature: request.body.signature,
            requestOrigin: request.headers.origin,
          },
        )
        return { token, session: toSessionResponse(session) }
      },
    )

    app.get(
      ROUTES.siwxSession.path,
      {
        schema: {
          tags: ['auth'],
          summary: 'The session of a bearer token, for the site backend to check',
          description: '401 when the token is unknown, revoked or expired.',
          querystring: clientQuery,
          headers: siwxBearerHeaders,
          response: { 200: siwxSession, ...errors },
        },
      },
      async (request) => toSessionResponse(await liveSession(request)),
    )

    app.post(
      ROUTES.siwxSignOut.path,
      {
        schema: {
          tags: ['auth'],
          summary: 'Revokes the session of a bearer token',
          querystring: clientQuery.partial(),
          headers: siwxBearerHeaders,
          response: { 200: siwxSignoutResponse, ...errors },
        },
      },
      async (request) => {
        await liveSession(request)
        await sessions.revoke(bearerTokenOf(request))
        return { revoked: true as const }
      },
    )
  }
