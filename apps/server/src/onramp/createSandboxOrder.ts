import { randomUUID } from 'node:crypto'
import {
  ONRAMP_CHECKOUT_TTL_MS,
  type OnrampDestinationWallet,
  type onrampUrlRequest,
} from '@latch/protocol'
import { pathOf, ROUTES } from '@latch/protocol/routes'
import type { z } from 'zod'
import { HttpError } from '../errors.ts'
import { ONRAMP_TOKEN_SYMBOL } from './catalogue.ts'
import type { OnrampContext } from './context.ts'
import { requirePaymentCurrency, requireWithinAnyLimits } from './pricing.ts'
import { pricePurchase } from './quote.ts'
import { findValidQuote, insertOrder, type PricedPurchase } from './store.ts'

export const QUOTE_EXPIRED = 'Quote expired, ask for a new one'
export const SANDBOX_NEEDS_AMOUNT = 'A sandbox order needs a quoteId or a presetFiatAmount'
export const SANDBOX_EVM_ONLY = 'The sandbox pays out to EVM addresses (0x...) only'

/** Where the checkout page of an order is served. */
export const checkoutPath = (orderId: string) => pathOf(ROUTES.onrampCheckout, { orderId })

const takes = (wallet: OnrampDestinationWallet, currency: string, network: string) =>
  (!wallet.blockchains || wallet.blockchains.includes(network)) &&
  (!wallet.assets || wallet.assets.includes(currency))

/**
 * The sandbox's part of POST /v1/generators/onrampurl: an order (`created`, open for
 * ONRAMP_CHECKOUT_TTL_MS) charging exactly the quote `quoteId` while it is valid, or else
 * `presetFiatAmount` of the payment currency for the first wallet's first asset on the default
 * network, priced now. The tokens go to the first EVM wallet that takes them.
 */
export async function createSandboxOrder(
  context: OnrampContext,
  projectId: string,
  request: z.infer<typeof onrampUrlRequest>,
): Promise<{ orderId: string }> {
  const now = context.now()
  let purchase: PricedPurchase
  let quoteId: string | null = null
  let network: string
  if (request.quoteId) {
    const quote = await findValidQuote(context.db, request.quoteId, projectId, now)
    if (!quote) throw new HttpError(400, QUOTE_EXPIRED)
    if (quote.provider !== 'sandbox')
      throw new HttpError(400, `This quote prices ${quote.provider}: ask for a sandbox quote`)
    purchase = quote
    quoteId = quote.id
    network = context.catalogue.networkOf(quote.chainId)
  } else {
    if (request.presetFiatAmount === undefined) throw new HttpError(400, SANDBOX_NEEDS_AMOUNT)
    const totalCents = Math.round(request.presetFiatAmount * 100)
    if (Math.abs(totalCents - request.presetFiatAmount * 100) > 1e-6)
      throw new HttpError(400, 'presetFiatAmount has at most 2 decimals')
    const paymentCurrency = request.paymentCurrency ?? 'USD'
    requirePaymentCurrency(paymentCurrency)
    requireWithinAnyLimits(BigInt(totalCents), paymentCurrency)
    const first = request.destinationWallets[0]
    const currency = first?.assets?.[0] ?? ONRAMP_TOKEN_SYMBOL
    network =
      request.defaultNetwork ??
      context.catalogue
        .networksOf(currency)
        .find((candidate) => !first?.blockchains || first.blockchains.includes(candidate)) ??
      context.catalogue.networksOf(currency)[0] ??
      ''
    const asset = context.catalogue.find(currency, network)
    purchase = await pricePurchase(context, {
      asset,
      paymentCurrency,
      totalCents: BigInt(totalCents),
      provider: 'sandbox',
    })
  }
  const evmWallets = request.destinationWallets.filter((wallet) => wallet.address.startsWith('0x'))
  if (evmWallets.length === 0) throw new HttpError(400, SANDBOX_EVM_ONLY)
  const wallet = evmWallets.find((candidate) =>
    takes(candidate, purchase.purchaseCurrency, network),
  )
  if (!wallet)
    throw new HttpError(
      400,
      `No destination wallet takes ${purchase.purchaseCurrency} on ${network}`,
    )
  const orderId = randomUUID()
  await insertOrder(
    context.db,
    {
      ...purchase,
      id: orderId,
      projectId,
      quoteId,
      address: wallet.address,
      expiresAt: new Date(now.getTime() + ONRAMP_CHECKOUT_TTL_MS),
    },
    now,
  )
  return { orderId }
}
