import { clientQuery, errorResponse } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import {
  revokeSessionBody,
  sessionsAddressParams,
  sessionsQuery,
  sessionsResponse,
} from '@latch/protocol/smart-sessions'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SharedRateLimiter } from '../rateLimits/sharedRateLimiter.ts'
import type { RedisConnection } from '../redis/connection.ts'
import { listAccountSessions, revokeBySignature, type SessionsContext } from './sessionsService.ts'

const errors = {
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
  429: errorResponse,
  503: errorResponse,
}

/** Revocations a minute per IP: each checks a signature on chain. */
export const REVOKES_PER_MINUTE = 30

/**
 * Smart sessions (ERC-7715) of a smart account: GET /v1/sessions/{address} lists them with their
 * status and this period's usage read from the chain; POST /v1/sessions/{address}/revoke records
 * the owner's signed revocation.
 */
export const sessionsRoutes =
  (
    deps: SessionsContext & {
      /** Where the per-IP revoke limit is shared by every instance (memory without it). */
      redis?: RedisConnection | undefined
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // Per IP and shared by every instance on the Redis, so a balancer gives a visitor no more.
    const limiter = new SharedRateLimiter({
      name: 'session-revokes',
      max: REVOKES_PER_MINUTE,
      windowMs: 60_000,
      redis: deps.redis,
      log: app.log,
    })
    app.get(
      ROUTES.sessions.path,
      {
        schema: {
          tags: ['sessions'],
          summary: "A smart account's smart sessions",
          description:
            'Each session a site was granted on the account (wallet_grantPermissions): its id ' +
            '`pci`, chain, the site `origin`, the session key `signer`, its ERC-7715 ' +
            '`permissions`, `expiry` and `grantedAt` (unix seconds). `status` (`active`, ' +
            "`expired` by the chain's clock, `revoked`) and `usage` (per spending limit, what " +
            'was spent in the current period, base units) are read from the chain ' +
            "(LatchSessionValidator), never from the server's record. `revokedAt` is when the " +
            "owner's revocation was recorded. `chainId` (CAIP-2) narrows the list to one chain; " +
            'a chain without smart sessions is a 400.',
          params: sessionsAddressParams,
          querystring: sessionsQuery,
          response: { 200: sessionsResponse, ...errors },
        },
      },
      (request) => listAccountSessions(deps, request.params.address, request.query.chainId),
    )

    app.post(
      ROUTES.revokeSession.path,
      {
        schema: {
          tags: ['sessions'],
          summary: "Records the owner's revocation of a smart session",
          description:
            '`pci` is the session id; `signature` the EIP-191 signature of ' +
            '`revokeSessionMessage({ chainId, address, pci })` (@latch/protocol/smart-sessions) ' +
            "by the account's owner, checked against the smart account on the session's chain " +
            '(ERC-1271, ERC-6492 before it is deployed). A pci the account has no session under: ' +
            "404. Any other signer: 401. The revocation is applied on chain by the owner's own " +
            'user operation (the embedded wallet sends it with wallet_revokePermissions); the ' +
            "session's `status` follows the chain. 30 a minute per IP.",
          params: sessionsAddressParams,
          querystring: clientQuery,
          body: revokeSessionBody,
          response: { 200: z.object({ success: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        await limiter.hit(request.ip)
        return revokeBySignature(deps, request.params.address, request.body)
      },
    )
  }
