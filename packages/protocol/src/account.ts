import { z } from 'zod'
import { accountAddress, evmAddress, withEvmChecksum } from './addressSchemas.ts'
import { clientQuery, projectIdValue } from './api.ts'
import { caipAddress, caipNetworkId } from './caipSchemas.ts'
import { text } from './text.ts'

export {
  type BalanceResponse,
  type BitcoinFeeRatesResponse,
  balanceResponse,
  bitcoinFeeRatesResponse,
  type FungiblePrice,
  type FungiblePriceResponse,
  fungiblePrice,
  fungiblePriceResponse,
  type GasPriceResponse,
  gasPriceOrFeeRatesResponse,
  gasPriceResponse,
  type IdentityResponse,
  identityResponse,
  type TokenBalance,
  tokenBalance,
} from './answers/account.ts'

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

/** POST /v1/fungible/price body: CAIP-10 token ids (or the native coin's id). */
export const fungiblePriceBody = z.object({
  projectId: projectIdValue,
  currency: currencyValue,
  addresses: z
    .array(withEvmChecksum(caipAddress))
    .min(1, 'addresses needs at least one CAIP-10 token id')
    .max(100, 'At most 100 addresses'),
})

/** GET /v1/identity/{address} query. */
export const identityQuery = clientQuery.extend({
  sender: accountAddress.optional().describe('The connected account asking, of any family'),
  chainId: caipNetworkId.optional(),
})

/** GET /v1/convert/gas-price query. */
export const gasPriceQuery = clientQuery.extend({ chainId: caipNetworkId })
