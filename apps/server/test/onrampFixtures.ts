import {
  ONRAMP_SANDBOX_BANK,
  ONRAMP_SANDBOX_CARDS,
  type OnrampOrder,
  type OnrampQuoteRequest,
  type OnrampQuoteResponse,
  type OnrampUrlRequest,
  onrampOrder,
  onrampQuoteResponse,
  onrampUrlResponse,
} from '@latch/protocol'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { erc20Abi, type Hex } from 'viem'
import { expect, inject } from 'vitest'
import { devnetClient } from './devnetTx.ts'

const devnet = inject('devnet')
export const chainA = devnet.chains[0] as (typeof devnet.chains)[number]
export const chainB = devnet.chains[1] as (typeof devnet.chains)[number]
export const USDC_A = chainA.tokens.find((token) => token.symbol === 'USDC')?.address as Hex
export const PROJECT = 'projectId=latch-dev'

/** A card form that succeeds, and its variations. */
export const goodCard = (overrides: Record<string, string> = {}) => ({
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
  name: 'Ada Lovelace',
  ...overrides,
})
export const declinedCard = () => goodCard({ cardNumber: ONRAMP_SANDBOX_CARDS.declined })
export const goodBank = (overrides: Record<string, string> = {}) => ({
  routingNumber: ONRAMP_SANDBOX_BANK.routingNumber,
  accountNumber: ONRAMP_SANDBOX_BANK.succeeds,
  ...overrides,
})

/** The kit's on-ramp calls and the checkout a visitor uses, through `inject`. */
export function onrampApi(app: FastifyInstance) {
  // Each payment from its own IP unless a test names one: the per-IP limit is tested on its own.
  let payments = 0
  const nextIp = () => `198.51.100.${(payments++ % 250) + 1}`
  const post = (url: string, body: unknown) =>
    app.inject({ method: 'POST', url: `${url}?${PROJECT}`, payload: body as object })
  const api = {
    options: () => app.inject({ method: 'GET', url: `/v1/onramp/options?${PROJECT}` }),
    quote: (body: Partial<OnrampQuoteRequest> & Record<string, unknown>) =>
      post('/v1/onramp/quote', body),
    async quoted(body: OnrampQuoteRequest): Promise<OnrampQuoteResponse> {
      const response = await api.quote(body)
      expect(response.statusCode, response.body).toBe(200)
      return onrampQuoteResponse.parse(response.json())
    },
    url: (body: Partial<OnrampUrlRequest> & Record<string, unknown>) =>
      post('/v1/generators/onrampurl', body),
    /** A sandbox order for `address`: its id and checkout path. */
    async sandboxOrder(
      address: string,
      body: Partial<OnrampUrlRequest> = {},
    ): Promise<{ orderId: string; path: string }> {
      const response = await api.url({
        provider: 'sandbox',
        destinationWallets: [{ address }],
        ...body,
      })
      expect(response.statusCode, response.body).toBe(200)
      const { url, orderId } = onrampUrlResponse.parse(response.json())
      expect(orderId).toBeDefined()
      return { orderId: orderId as string, path: new URL(url).pathname }
    },
    order: (orderId: string, project = PROJECT) =>
      app.inject({ method: 'GET', url: `/v1/onramp/orders/${orderId}?${project}` }),
    async orderOf(orderId: string): Promise<OnrampOrder> {
      const response = await api.order(orderId)
      expect(response.statusCode, response.body).toBe(200)
      return onrampOrder.parse(response.json())
    },
    /** Polls the order until it leaves `pending` (or `created` once paid). */
    async settled(orderId: string, timeoutMs = 20_000): Promise<OnrampOrder> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const order = await api.orderOf(orderId)
        if (order.status === 'completed' || order.status === 'failed') return order
        if (Date.now() > deadline) throw new Error(`order ${orderId} still ${order.status}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    checkout: (path: string) => app.inject({ method: 'GET', url: path }),
    /** Submits a checkout form as a browser does, with the key of a page rendered before. */
    pay: (
      path: string,
      method: 'card' | 'ach',
      fields: Record<string, string>,
      idempotencyKey: string,
      ip = nextIp(),
    ) =>
      app.inject({
        method: 'POST',
        url: `${path}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ method, idempotencyKey, ...fields }).toString(),
        remoteAddress: ip,
      }),
    /** The idempotency key of a method's form on a freshly rendered checkout page. */
    async formKey(path: string, method: 'card' | 'ach'): Promise<string> {
      const page = await api.checkout(path)
      expect(page.statusCode, page.body).toBe(200)
      const key = keyOf(page, method)
      if (!key) throw new Error(`no ${method} form on the page: ${page.body}`)
      return key
    },
    /** Renders the page, submits the form with its key; the answer. */
    async payWith(
      path: string,
      method: 'card' | 'ach',
      fields: Record<string, string>,
      ip?: string,
    ): Promise<LightMyRequestResponse> {
      return api.pay(path, method, fields, await api.formKey(path, method), ip)
    },
  }
  return api
}

/** The idempotency key of a method's form in a checkout page. */
export function keyOf(page: LightMyRequestResponse, method: 'card' | 'ach'): string | undefined {
  const pattern = new RegExp(
    `name="method" value="${method}"><input type="hidden" name="idempotencyKey" value="([A-Za-z0-9_-]+)"`,
  )
  return pattern.exec(page.body)?.[1]
}

/** The text of the page's role="alert" element, if it has one. */
export function alertOf(page: LightMyRequestResponse): string | undefined {
  const match = /role="alert">([^<]*)</.exec(page.body)
  return match?.[1]?.replaceAll('&#39;', "'").replaceAll('&#34;', '"').replaceAll('&#38;', '&')
}

/** The USDC of an address on the first devnet chain, in its smallest unit. */
export function usdcBalance(address: string): Promise<bigint> {
  return devnetClient(chainA).readContract({
    address: USDC_A,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as Hex],
  })
}
