import { z } from 'zod'
import { accountAddress, evmAddress, withEvmChecksum } from './addressSchemas.ts'
import { clientQuery, projectIdValue } from './api.ts'
import { caipAddress, caipNetworkId } from './caipSchemas.ts'
import { polkadotBalanceParts } from './polkadot.ts'
import { text } from './text.ts'

/**
 * An EVM address in the path or a query: 40 hex characters with or without 0x, or an eip155
 * CAIP-10 id; given to the route as plain 0x. The route's chainId, not the id's, picks the chain.
 */
export const evmAddressParam = evmAddress

/** The fiat currency prices are given in; only USD for now. */
export const currencyValue = z.enum(['usd'], 'currency must be usd')

/** A decimal number written as text, so no precision is lost: `'1234.5678'`. */
export const decimalString = text().regex(
  /^\d+(\.\d+)?$/,
  'Expected a non-negative decimal number as a string',
)

/** A decimal number that may be negative, as text: `'-0.25002'`. */
export const signedDecimalString = text().regex(
  /^-?\d+(\.\d+)?$/,
  'Expected a decimal number as a string',
)

export const accountAddressParams = z.object({ address: accountAddress })

/** GET /v1/account/{address}/balance query. */
export const balanceQuery = clientQuery.extend({
  currency: currencyValue.default('usd'),
  chainId: caipNetworkId.describe('CAIP-2 network id, e.g. eip155:31337'),
  forceUpdate: z
    .enum(['true', 'false'], 'forceUpdate must be true or false')
    .optional()
    .describe('true skips the 30 s cache'),
})

/** One holding (name, symbol, chain, amount, price, icon): the native coin has no `address`. */
export const tokenBalance = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: caipNetworkId,
  /** CAIP-10 id of the token contract; absent for the native coin. */
  address: caipAddress.optional(),
  /** price x quantity, in the currency asked for; absent when no price is known. */
  value: z.number().optional(),
  /** Price of one unit; 0 when unknown. */
  price: z.number(),
  quantity: z.object({
    /** The token's decimals, as an integer string, e.g. '6'. */
    decimals: z.string().regex(/^\d+$/),
    /** The amount held in whole units, as a decimal string, e.g. '1234.5'. */
    numeric: decimalString,
  }),
  /**
   * On Bitcoin: the confirmed part of `quantity` (in blocks), and what the mempool's transactions
   * add to it or take from it (`-0.25` while a payment waits to be mined). `quantity` is their sum.
   */
  confirmed: z.object({ numeric: decimalString }).optional(),
  unconfirmed: z.object({ numeric: signedDecimalString }).optional(),
  /** On Polkadot: free, reserved, frozen and transferable, and the existential deposit. */
  polkadot: polkadotBalanceParts.optional(),
  iconUrl: z.string(),
})
export type TokenBalance = z.infer<typeof tokenBalance>

export const balanceResponse = z.object({ balances: z.array(tokenBalance) })
export type BalanceResponse = z.infer<typeof balanceResponse>

/** POST /v1/fungible/price body: CAIP-10 token ids (or the native coin's id). */
export const fungiblePriceBody = z.object({
  projectId: projectIdValue,
  currency: currencyValue,
  addresses: z
    .array(withEvmChecksum(caipAddress))
    .min(1, 'addresses needs at least one CAIP-10 token id')
    .max(100, 'At most 100 addresses'),
})

export const fungiblePrice = z.object({
  /** The CAIP-10 id asked for. */
  address: caipAddress,
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  price: z.number(),
})
export type FungiblePrice = z.infer<typeof fungiblePrice>

export const fungiblePriceResponse = z.object({ fungibles: z.array(fungiblePrice) })
export type FungiblePriceResponse = z.infer<typeof fungiblePriceResponse>

/** GET /v1/identity/{address} query. */
export const identityQuery = clientQuery.extend({
  sender: accountAddress.optional().describe('The connected account asking, of any family'),
  chainId: caipNetworkId.optional(),
})

/** A name and avatar for an address; both null when it has none. */
export const identityResponse = z.object({
  name: z.string().nullable(),
  avatar: z.string().nullable(),
})
export type IdentityResponse = z.infer<typeof identityResponse>

/** GET /v1/convert/gas-price query. */
export const gasPriceQuery = clientQuery.extend({ chainId: caipNetworkId })

/** Gas prices in wei, as integer strings. */
export const gasPriceResponse = z.object({
  standard: z.string().regex(/^\d+$/),
  fast: z.string().regex(/^\d+$/),
  instant: z.string().regex(/^\d+$/),
})
export type GasPriceResponse = z.infer<typeof gasPriceResponse>

/**
 * Fee rates of a Bitcoin network in sat/vB, whole numbers, from the chain's fee estimates: `fast`
 * aims at the next block, `normal` at 3 blocks (about 30 minutes), `slow` at 6 (about an hour).
 * Never under the relay minimum of 1 sat/vB; slow <= normal <= fast.
 */
export const bitcoinFeeRatesResponse = z.object({
  unit: z.literal('sat/vB'),
  slow: z.number().int().positive(),
  normal: z.number().int().positive(),
  fast: z.number().int().positive(),
})
export type BitcoinFeeRatesResponse = z.infer<typeof bitcoinFeeRatesResponse>

/** GET /v1/convert/gas-price answers EVM gas prices (wei) or a Bitcoin network's fee rates. */
export const gasPriceOrFeeRatesResponse = z.union([gasPriceResponse, bitcoinFeeRatesResponse])
