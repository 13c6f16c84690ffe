import {
  farcasterCancelBody,
  farcasterFinishBody,
  farcasterFinishResponse,
  farcasterStartBody,
  farcasterStartResponse,
  WALLET_API_PREFIX,
} from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FarcasterLoginFlows } from '../farcaster/farcasterLogin.ts'
import { hangUpSignal } from './longPollSignal.ts'
import { okResponse, walletErrors } from './walletResponses.ts'

/**
 * Log in with Farcaster on the frame origin: start opens the relay channel the visitor's
 * Farcaster app signs in to (its URL is the QR code), finish long-polls until it did and the
 * signed message checked out, cancel drops it.
 */
export const farcasterLoginRoutes =
  (deps: { farcaster: FarcasterLoginFlows }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${WALLET_API_PREFIX}/farcaster/start`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: "Starts a Farcaster login: the relay channel's URL and the login's secret",
          description:
            'Sign In With Farcaster: a channel on the auth relay with a nonce of this server and ' +
            "the frame origin's host as domain. The login lasts 5 minutes; only the holder of " +
            'flowSecret can finish or cancel it.',
          body: farcasterStartBody,
          response: { 200: farcasterStartResponse, ...walletErrors },
        },
      },
      async (request) => deps.farcaster.start(request.body, request.ip),
    )

    app.post(
      `${WALLET_API_PREFIX}/farcaster/finish`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Long poll: the session once the Farcaster app signed in, else pending',
          description:
            'Checks the signed message: its domain and nonce (this login only, used once), the ' +
            'signature by the custody address (ERC-1271 for a contract), and that address as the ' +
            "fid's custody in the ID Registry on Optimism. A decline or an expired channel is a 400, " +
            'a message that fails a check a 401 saying which; none leaves a session.',
          body: farcasterFinishBody,
          response: { 200: farcasterFinishResponse, ...walletErrors },
        },
      },
      async (request, reply) => deps.farcaster.finish(request.body, hangUpSignal(reply)),
    )

    app.post(
      `${WALLET_API_PREFIX}/farcaster/cancel`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Cancels a Farcaster login in progress (the visitor went back)',
          body: farcasterCancelBody,
          response: { 200: okResponse, ...walletErrors },
        },
      },
      async (request) => {
        await deps.farcaster.cancel(request.body)
        return { ok: true as const }
      },
    )
  }
