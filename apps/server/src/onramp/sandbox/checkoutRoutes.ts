import { text } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/index.ts'
import { HttpError } from '../../errors.ts'
import { SharedRateLimiter } from '../../rateLimits/sharedRateLimiter.ts'
import type { RedisConnection } from '../../redis/connection.ts'
import type { OnrampCatalogue } from '../catalogue.ts'
import type { Failpoint } from '../constants.ts'
import { checkoutPath } from '../createSandboxOrder.ts'
import { findOrder } from '../store.ts'
import { checkoutLocale } from './checkoutLanguage.ts'
import { CHECKOUT_POLICY, checkoutPage, expiredPage, notFoundPage } from './checkoutPage.ts'
import { payOrder } from './pay.ts'

// Not the protocol's onrampOrderParams: an unknown or malformed id gets the HTML page, not JSON.
const checkoutParams = z.object({ orderId: text().max(64) })
// The page's language, e.g. 'de' or 'pt-BR'; without it (or for one the kit lacks) the browser's.
const checkoutQuery = z.object({ locale: text().max(35).optional() })
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A form field as the browser sent it: text, at most a few hundred characters. */
const paymentForm = z.record(text().max(64), text().max(200))

function sendPage(reply: FastifyReply, statusCode: number, html: string) {
  return reply
    .code(statusCode)
    .header('content-security-policy', CHECKOUT_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html)
}

/**
 * The sandbox provider's checkout, a payment processor's test mode on this server's
 * origin: the order's page, and its card and bank forms' POST, which answers with a redirect to
 * the page (Post/Redirect/Get) or the page again with what to fix.
 */
export const sandboxCheckoutRoutes =
  (deps: {
    db: Database
    catalogue: OnrampCatalogue
    payAttemptsPerMinute: number
    /** Where the per-IP pay limit is shared by every instance (memory without it). */
    redis: RedisConnection | undefined
    failpoint: Failpoint | undefined
    /** The payout worker's cue: an order was just paid. */
    paid: () => void
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = new SharedRateLimiter({
      name: 'onramp-pay',
      max: deps.payAttemptsPerMinute,
      windowMs: 60_000,
      redis: deps.redis,
      log: app.log,
    })
    const find = (orderId: string) =>
      UUID.test(orderId) ? findOrder(deps.db, orderId) : Promise.resolve(undefined)

    app.get(
      ROUTES.onrampCheckout.path,
      {
        schema: {
          tags: ['onramp'],
          summary: "The sandbox provider's checkout page of an order (HTML)",
          description:
            'Test mode: card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined; bank ' +
            'routing number 110000000 with account 000123456789 succeeds, 000111111116 has ' +
            'insufficient funds. A paid order shows its progress and refreshes itself.',
          params: checkoutParams,
          querystring: checkoutQuery,
        },
      },
      async (request, reply) => {
        const language = languageOf(request)
        const order = await find(request.params.orderId)
        if (!order) return sendPage(reply, 404, notFoundPage(language.locale))
        return sendPage(
          reply,
          200,
          checkoutPage(order, {
            networkName: deps.catalogue.chainName(order.chainId),
            now: new Date(),
            ...language,
          }),
        )
      },
    )

    // The forms post as HTML forms do; only this plugin's routes parse that body.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    app.post(
      ROUTES.onrampCheckoutPay.path,
      {
        schema: {
          tags: ['onramp'],
          summary: "Pays a sandbox order with a test card or bank account (an HTML form's POST)",
          description:
            'Fields: `method` (card or ach), `idempotencyKey` (from the page), then `cardNumber`, ' +
            '`expiry` (MM/YY), `cvc`, `name`, or `routingNumber`, `accountNumber`. Answers 303 to ' +
            'the checkout page, which shows the outcome; a form to fix is the page again with the ' +
            'message (400). A double submit pays once. 20 attempts a minute per IP by default.',
          params: checkoutParams,
          querystring: checkoutQuery,
          body: paymentForm,
        },
      },
      async (request, reply) => {
        const { orderId } = request.params
        const language = languageOf(request)
        const now = new Date()
        const order = await find(orderId)
        if (!order) return sendPage(reply, 404, notFoundPage(language.locale))
        const networkName = deps.catalogue.chainName(order.chainId)
        try {
          await limiter.hit(request.ip)
        } catch (error) {
          if (!(error instanceof HttpError)) throw error
          return sendPage(
            reply,
            429,
            checkoutPage(order, { networkName, now, error: error.message, ...language }),
          )
        }
        const outcome = await payOrder(
          { db: deps.db, failpoint: deps.failpoint, paid: deps.paid },
          { orderId, form: request.body, now },
        )
        if (outcome.kind === 'show') {
          const query = language.localeParam
            ? `?locale=${encodeURIComponent(language.localeParam)}`
            : ''
          return reply.redirect(`${checkoutPath(orderId)}${query}`, 303)
        }
        if (outcome.statusCode === 410) return sendPage(reply, 410, expiredPage(language.locale))
        if (!outcome.order)
          return sendPage(reply, outcome.statusCode, notFoundPage(language.locale))
        return sendPage(
          reply,
          outcome.statusCode,
          checkoutPage(outcome.order, { networkName, now, error: outcome.message, ...language }),
        )
      },
    )
  }

/** The checkout's language: the URL's `locale`, else the browser's `Accept-Language`. */
function languageOf(request: {
  query: { locale?: string | undefined }
  headers: { 'accept-language'?: string | undefined }
}) {
  const localeParam = request.query.locale
  return {
    locale: checkoutLocale({
      locale: localeParam,
      acceptLanguage: request.headers['accept-language'],
    }),
    localeParam,
  }
}
