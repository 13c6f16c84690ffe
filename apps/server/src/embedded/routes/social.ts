import {
  socialCancelBody,
  socialFinishBody,
  socialFinishResponse,
  socialStartBody,
  socialStartResponse,
  text,
  WALLET_API_PREFIX,
} from '@latch/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CLOSE_SCRIPT, CLOSE_SCRIPT_PATH, simplePage } from '../../frame/pages.ts'
import type { SocialLoginFlows } from '../socialLogin.ts'
import { hangUpSignal } from './longPollSignal.ts'
import { okResponse, walletErrors } from './walletResponses.ts'

const callbackFields = z.looseObject({
  code: text().max(4096).optional(),
  state: text().max(1024).optional(),
  error: text().max(1024).optional(),
})

/**
 * Social login on the frame origin: the popup opens the provider's authorize URL from
 * start, the provider redirects it to the callback here, and the frame takes the session with
 * its flow secret from finish (a long poll).
 */
export const socialLoginRoutes =
  (deps: { social: SocialLoginFlows; frameUrl: () => string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${WALLET_API_PREFIX}/social/start`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: "Starts a social login: the provider's authorize URL and the flow's secret",
          description:
            'OAuth 2 / OpenID Connect with PKCE, state and nonce. The flow lasts 10 minutes; ' +
            'only the holder of flowSecret can finish or cancel it.',
          body: socialStartBody,
          response: { 200: socialStartResponse, ...walletErrors },
        },
      },
      async (request) => deps.social.start(request.body, request.ip),
    )

    /**
     * Completes the flow with the provider's answer (its fields as validated, from the query or a
     * form body, on the redirect URI as registered) and answers the popup's page.
     */
    const answerCallback = async (
      fields: Record<string, unknown>,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => {
      const callbackUrl = new URL(`${WALLET_API_PREFIX}/social/callback`, deps.frameUrl())
      for (const [name, value] of Object.entries(fields))
        if (typeof value === 'string') callbackUrl.searchParams.set(name, value)
      const outcome = await deps.social.callback(callbackUrl, request.log)
      const { html, policy } = outcome.ok
        ? simplePage('Logged in', 'You are logged in. This window closes itself.', {
            closeScript: true,
          })
        : simplePage('Login failed', outcome.message)
      return (
        reply
          .code(outcome.ok ? 200 : 400)
          .header('content-security-policy', policy)
          // The URL holds the authorization code: never sent on as a referrer.
          .header('referrer-policy', 'no-referrer')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(html)
      )
    }

    app.get(
      `${WALLET_API_PREFIX}/social/callback`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: "The provider's redirect: completes the login, an HTML page that closes itself",
          querystring: callbackFields,
        },
      },
      async (request, reply) => answerCallback(request.query, request, reply),
    )

    // Apple's response_mode=form_post: the same answer, in a form body.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    app.post(
      `${WALLET_API_PREFIX}/social/callback`,
      {
        // Apple posts from its own origin: the flow's state proves the answer, not the Origin.
        config: { crossOriginWrite: true },
        schema: {
          tags: ['embedded wallet'],
          summary: "The provider's form_post answer (Apple): as the GET callback",
          body: callbackFields,
        },
      },
      async (request, reply) => answerCallback(request.body, request, reply),
    )

    app.get(CLOSE_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/javascript; charset=utf-8')
        .send(CLOSE_SCRIPT),
    )

    app.post(
      `${WALLET_API_PREFIX}/social/finish`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Long poll: the session once the provider redirected back, else pending',
          description:
            'Returns the session once; after that, or once cancelled or failed, a 400 with why.',
          body: socialFinishBody,
          response: { 200: socialFinishResponse, ...walletErrors },
        },
      },
      async (request, reply) => deps.social.finish(request.body, hangUpSignal(reply)),
    )

    app.post(
      `${WALLET_API_PREFIX}/social/cancel`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Cancels a social login in progress (the popup was closed)',
          body: socialCancelBody,
          response: { 200: okResponse, ...walletErrors },
        },
      },
      async (request) => {
        await deps.social.cancel(request.body)
        return { ok: true as const }
      },
    )
  }
