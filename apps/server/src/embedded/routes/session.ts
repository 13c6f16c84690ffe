import { connectedUser, sessionUserBody, signOutResponse, WALLET_API_PREFIX } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { authenticate, bearerToken } from '../authenticate.ts'
import { assertSupportedChain, connectedUserOf, defaultChainId } from '../connectedUser.ts'
import type { EmbeddedContext } from '../context.ts'
import { WalletSessionStore } from '../sessions.ts'
import { bearerHeaders, walletErrors } from './walletResponses.ts'

/** The frame's session: its user, and sign-out. */
export const walletSessionRoutes =
  (deps: { context: EmbeddedContext }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${WALLET_API_PREFIX}/session/user`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'The user of the session, on chainId when given',
          description: '401 "Session Expired" for an unknown, revoked or expired session.',
          headers: bearerHeaders,
          body: sessionUserBody,
          response: { 200: connectedUser, ...walletErrors },
        },
      },
      async (request) => {
        const { session, user } = await authenticate(deps.context, request)
        const chainId = request.body.chainId ?? defaultChainId(deps.context)
        assertSupportedChain(deps.context, chainId)
        return connectedUserOf(deps.context.db, deps.context, session, user, chainId)
      },
    )

    app.post(
      `${WALLET_API_PREFIX}/session/signout`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Revokes the session; always 200',
          headers: bearerHeaders,
          response: { 200: signOutResponse, ...walletErrors },
        },
      },
      async (request) => {
        // Signing out twice, or with a session already gone, is still signed out.
        const token = (() => {
          try {
            return bearerToken(request)
          } catch {
            return undefined
          }
        })()
        if (token) await new WalletSessionStore(deps.context.db).revoke(token, deps.context.now())
        return { ok: true as const }
      },
    )
  }
