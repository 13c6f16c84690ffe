import { randomUUID } from 'node:crypto'
import {
  ONRAMP_QUOTE_TTL_MS,
  type OnrampProviderId,
  type OnrampQuoteResponse,
  type onrampQuoteRequest,
} from '@latch/protocol'
import { formatEther, formatUnits } from 'viem'
import type { z } from 'zod'
import { HttpError } from '../errors.ts'
import { NATIVE_PRICE_KEY } from '../prices/priceSource.ts'
import type { OnrampAsset } from './catalogue.ts'
import {
  NATIVE_TRANSFER_GAS,
  ONRAMP_PROVIDER_FEE_PERCENT,
  TOKEN_TRANSFER_GAS,
} from './constants.ts'
import { type OnrampContext, requireProvider } from './context.ts'
import {
  formatCents,
  priceQuote,
  requirePaymentCurrency,
  requireWithinLimits,
  toCents,
} from './pricing.ts'
import { insertQuote, type PricedPurchase } from './store.ts'

const PRICES_UNAVAILABLE = 'Prices are unavailable right now: try again in a moment'

/**
 * Prices a purchase now: the asset's and the native coin's USD price from the price source, the
 * transfer's gas at the chain's current gas price, and the provider's fee.
 */
export async function pricePurchase(
  context: OnrampContext,
  input: {
    asset: OnrampAsset
    paymentCurrency: string
    totalCents: bigint
    provider: OnrampProviderId
  },
): Promise<PricedPurchase> {
  const { asset } = input
  const chain = context.chains.get(asset.chain.chainId)
  if (!chain) throw new HttpError(400, `Unknown network ${asset.network}`)
  const [prices, gasPrice] = await Promise.all([
    context.prices.of(chain),
    chain.client.getGasPrice().catch(() => {
      throw new HttpError(503, `${asset.chain.name} did not answer: try again in a moment`)
    }),
  ])
  const nativeUsd = prices[NATIVE_PRICE_KEY]
  const assetUsd = asset.token ? prices[asset.token.address.toLowerCase()] : nativeUsd
  if (nativeUsd === undefined || assetUsd === undefined)
    throw new HttpError(503, PRICES_UNAVAILABLE)
  const gas = asset.token ? TOKEN_TRANSFER_GAS : NATIVE_TRANSFER_GAS
  const pricing = priceQuote({
    totalCents: input.totalCents,
    feePercent: ONRAMP_PROVIDER_FEE_PERCENT[input.provider],
    networkFeeUsd: Number(formatEther(gas * gasPrice)) * nativeUsd,
    usdPerPaymentUnit: input.paymentCurrency === 'EUR' ? context.config.usdPerEur : 1,
    assetUsd,
    assetDecimals: asset.decimals,
  })
  return {
    provider: input.provider,
    paymentCurrency: input.paymentCurrency,
    paymentTotalCents: input.totalCents,
    providerFeeCents: pricing.providerFeeCents,
    networkFeeCents: pricing.networkFeeCents,
    purchaseCurrency: asset.currency,
    chainId: asset.chain.chainId,
    tokenAddress: asset.token?.address.toLowerCase() ?? null,
    decimals: asset.decimals,
    purchaseUnits: pricing.purchaseUnits,
  }
}

/** The first provider the server offers: what prices a quote that names none. */
export function defaultProvider(context: OnrampContext): OnrampProviderId {
  const [first] = context.config.providers
  if (!first) throw new HttpError(400, 'No on-ramp provider is available on this server')
  return first
}

/** A priced purchase as the quote's response fields. */
export function quoteFields(
  purchase: PricedPurchase,
): Omit<OnrampQuoteResponse, 'quoteId' | 'expiresAt'> {
  const fiat = (cents: bigint) => ({
    amount: formatCents(cents),
    currency: purchase.paymentCurrency,
  })
  const subtotal = purchase.paymentTotalCents - purchase.providerFeeCents - purchase.networkFeeCents
  return {
    paymentTotal: fiat(purchase.paymentTotalCents),
    paymentSubtotal: fiat(subtotal),
    // Truncated to the shown decimals when priced: its full-precision form is the shown one.
    purchaseAmount: {
      amount: formatUnits(purchase.purchaseUnits, purchase.decimals),
      currency: purchase.purchaseCurrency,
    },
    networkFee: fiat(purchase.networkFeeCents),
    coinbaseFee: fiat(purchase.providerFeeCents),
  }
}

/**
 * POST /v1/onramp/quote: checks the currencies, network, provider and the payment
 * method's limits (each its own 400), prices the purchase and keeps the quote for
 * ONRAMP_QUOTE_TTL_MS under its id.
 */
export async function quoteOnramp(
  context: OnrampContext,
  projectId: string,
  request: z.infer<typeof onrampQuoteRequest>,
): Promise<OnrampQuoteResponse> {
  const asset = context.catalogue.find(request.purchaseCurrency, request.network)
  requirePaymentCurrency(request.paymentCurrency)
  const provider = request.provider ?? defaultProvider(context)
  requireProvider(context.config, provider)
  const totalCents = toCents(request.amount)
  requireWithinLimits(totalCents, request.paymentCurrency, request.paymentMethod)
  const purchase = await pricePurchase(context, {
    asset,
    paymentCurrency: request.paymentCurrency,
    totalCents,
    provider,
  })
  const now = context.now()
  const quote = {
    ...purchase,
    id: randomUUID(),
    projectId,
    paymentMethod: request.paymentMethod,
    expiresAt: new Date(now.getTime() + ONRAMP_QUOTE_TTL_MS),
  }
  await insertQuote(context.db, quote, now)
  return { ...quoteFields(purchase), quoteId: quote.id, expiresAt: quote.expiresAt.toISOString() }
}
