import * as z from 'zod/mini'
import {
  caipAddressAnswer,
  caipNetworkIdAnswer,
  decimalAnswer,
  digitsAnswer,
  signedDecimalAnswer,
} from './leaves.ts'

/**
 * A Polkadot balance in whole units (decimal strings): `free` and `reserved` as the chain holds
 * them, `frozen` (locked by staking, vesting, ...), and `transferable`, what a transfer may move
 * (free less the frozen part, or less the existential deposit when that is larger).
 */
export const polkadotBalanceParts = z.object({
  free: z.string(),
  reserved: z.string(),
  frozen: z.string(),
  transferable: z.string(),
  existentialDeposit: z.string(),
})
export type PolkadotBalanceParts = z.infer<typeof polkadotBalanceParts>

/** One holding (name, symbol, chain, amount, price, icon): the native coin has no `address`. */
export const tokenBalance = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: caipNetworkIdAnswer,
  /** CAIP-10 id of the token contract; absent for the native coin. */
  address: z.optional(caipAddressAnswer),
  /** price x quantity, in the currency asked for; absent when no price is known. */
  value: z.optional(z.number()),
  /** Price of one unit; 0 when unknown. */
  price: z.number(),
  quantity: z.object({
    /** The token's decimals, as an integer string, e.g. '6'. */
    decimals: digitsAnswer,
    /** The amount held in whole units, as a decimal string, e.g. '1234.5'. */
    numeric: decimalAnswer,
  }),
  /**
   * On Bitcoin: the confirmed part of `quantity` (in blocks), and what the mempool's transactions
   * add to it or take from it (`-0.25` while a payment waits to be mined). `quantity` is their sum.
   */
  confirmed: z.optional(z.object({ numeric: decimalAnswer })),
  unconfirmed: z.optional(z.object({ numeric: signedDecimalAnswer })),
  /** On Polkadot: free, reserved, frozen and transferable, and the existential deposit. */
  polkadot: z.optional(polkadotBalanceParts),
  iconUrl: z.string(),
})
export type TokenBalance = z.infer<typeof tokenBalance>

export const balanceResponse = z.object({ balances: z.array(tokenBalance) })
export type BalanceResponse = z.infer<typeof balanceResponse>

export const fungiblePrice = z.object({
  /** The CAIP-10 id asked for. */
  address: caipAddressAnswer,
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  price: z.number(),
})
export type FungiblePrice = z.infer<typeof fungiblePrice>

export const fungiblePriceResponse = z.object({ fungibles: z.array(fungiblePrice) })
export type FungiblePriceResponse = z.infer<typeof fungiblePriceResponse>

/** A name and avatar for an address; both null when it has none. */
export const identityResponse = z.object({
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
})
export type IdentityResponse = z.infer<typeof identityResponse>

/** Gas prices in wei, as integer strings. */
export const gasPriceResponse = z.object({
  standard: digitsAnswer,
  fast: digitsAnswer,
  instant: digitsAnswer,
})
export type GasPriceResponse = z.infer<typeof gasPriceResponse>

/**
 * Fee rates of a Bitcoin network in sat/vB, whole numbers, from the chain's fee estimates: `fast`
 * aims at the next block, `normal` at 3 blocks (about 30 minutes), `slow` at 6 (about an hour).
 * Never under the relay minimum of 1 sat/vB; slow <= normal <= fast.
 */
export const bitcoinFeeRatesResponse = z.object({
  unit: z.literal('sat/vB'),
  slow: z.int().check(z.positive()),
  normal: z.int().check(z.positive()),
  fast: z.int().check(z.positive()),
})
export type BitcoinFeeRatesResponse = z.infer<typeof bitcoinFeeRatesResponse>

/** GET /v1/convert/gas-price answers EVM gas prices (wei) or a Bitcoin network's fee rates. */
export const gasPriceOrFeeRatesResponse = z.union([gasPriceResponse, bitcoinFeeRatesResponse])
