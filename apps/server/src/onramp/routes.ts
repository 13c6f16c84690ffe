import {
  clientQuery,
  errorResponse,
  onrampOptionsResponse,
  onrampOrder,
  onrampOrderParams,
  onrampQuery,
  onrampQuoteRequest,
  onrampQuoteResponse,
  onrampUrlRequest,
  onrampUrlResponse,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ChainClient } from '../chains/clients.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import type { Prices } from '../prices/prices.ts'
import { serverOrigin } from '../registry/tokenIcon.ts'
import { OnrampCatalogue } from './catalogue.ts'
import type { OnrampConfig } from './config.ts'
import { type OnrampContext, requireProvider } from './context.ts'
import { checkoutPath, createSandboxOrder } from './createSandboxOrder.ts'
import { paymentCurrencies } from './pricing.ts'
import { coinbaseOnrampUrl, meldOnrampUrl } from './providerUrls.ts'
import { quoteOnramp } from './quote.ts'
import { findOrder, toOnrampOrder } from './store.ts'

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 503: errorResponse }

/** The project a scoped route runs for (set by the requireProject hook). */
const projectOf = (request: FastifyRequest): string => {
  if (!request.project) throw new HttpError(400, 'projectId is required')
  return request.project.id
}

/**
 * The on-ramp: what can be bought and paid with, quotes, the providers'
 * checkout URLs, and the sandbox provider's orders.
 */
export const onrampRoutes =
  (deps: {
    config: OnrampConfig
    db: Database
    chains: ReadonlyMap<number, ChainClient>
    prices: Prices
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const context: OnrampContext = {
      db: deps.db,
      config: deps.config,
      catalogue: new OnrampCatalogue([...deps.chains.values()].map((chain) => chain.config)),
      chains: deps.chains,
      prices: deps.prices,
      now: () => new Date(),
    }

    app.get(
      ROUTES.onrampOptions.path,
      {
        schema: {
          tags: ['onramp'],
          summary: 'What can be bought, on which networks, and paid with in which currencies',
          description:
            "Purchase currencies: USDC on each configured chain that has it, and each chain's " +
            'native coin; networks by slug (`ethereum`, `latch-devnet`). Payment currencies USD ' +
            'and EUR with the built-in limits per payment method (card 10.00-7500.00, ach ' +
            '10.00-25000.00).',
          querystring: clientQuery,
          response: { 200: onrampOptionsResponse, ...errors },
        },
      },
      async () => ({
        paymentCurrencies: paymentCurrencies(),
        purchaseCurrencies: context.catalogue.purchaseCurrencies(),
      }),
    )

    app.post(
      ROUTES.onrampQuote.path,
      {
        schema: {
          tags: ['onramp'],
          summary: 'Prices a purchase: fees, what arrives, and a quote id',
          description:
            "The provider fee is the provider's percent of the amount (coinbase 1%, meld 2%, " +
            "sandbox 1.5%), rounded to cents; the network fee is the transfer's gas at the " +
            'current gas price, rounded up to cents. EUR is converted at ONRAMP_USD_PER_EUR. ' +
            "The quote is honoured for 5 minutes. An amount outside the payment method's limits, " +
            'an unknown currency or network, or a provider not offered is a 400 saying which.',
          querystring: clientQuery.partial(),
          body: onrampQuoteRequest,
          response: { 200: onrampQuoteResponse, ...errors },
        },
      },
      async (request) => quoteOnramp(context, projectOf(request), request.body),
    )

    app.post(
      ROUTES.onrampUrl.path,
      {
        schema: {
          tags: ['onramp'],
          summary: "The provider's checkout URL for a purchase",
          description:
            "coinbase: the Coinbase Onramp URL with the app id and the request's parameters. " +
            'meld: the Meld URL with the public key, destination currency (SOL on Solana, else ' +
            'USDC), wallet address and the project id as customer id. sandbox: an order, ' +
            'charging the quote `quoteId` while valid or else `presetFiatAmount` priced now, and ' +
            'the URL of its test-mode checkout page on this server, in the `locale` asked for. A ' +
            'provider this server does ' +
            'not offer is a 400.',
          querystring: clientQuery.partial(),
          body: onrampUrlRequest,
          response: { 200: onrampUrlResponse, ...errors },
        },
      },
      async (request) => {
        const body = request.body
        const projectId = projectOf(request)
        requireProvider(deps.config, body.provider)
        if (body.provider === 'coinbase' && deps.config.coinbase)
          return { url: coinbaseOnrampUrl(deps.config.coinbase, body) }
        if (body.provider === 'meld' && deps.config.meld)
          return { url: meldOnrampUrl(deps.config.meld, body, projectId) }
        const { orderId } = await createSandboxOrder(context, projectId, body)
        const url = new URL(checkoutPath(orderId), serverOrigin(request))
        if (body.locale) url.searchParams.set('locale', body.locale)
        return { url: url.toString(), orderId }
      },
    )

    app.get(
      ROUTES.onrampOrder.path,
      {
        schema: {
          tags: ['onramp'],
          summary: 'A sandbox order: created, pending (paid), completed or failed',
          description:
            'Only the project that created the order sees it; any other id is a 404. Poll it ' +
            "after the checkout: `completed` carries the transfer's hash, `failed` its reason.",
          params: onrampOrderParams,
          querystring: onrampQuery,
          response: { 200: onrampOrder, 404: errorResponse, ...errors },
        },
      },
      async (request) => {
        const order = await findOrder(deps.db, request.params.orderId)
        if (!order || order.projectId !== projectOf(request))
          throw new HttpError(404, `No on-ramp order ${request.params.orderId}`)
        return toOnrampOrder(order)
      },
    )
  }
