import * as z from 'zod/mini'
import {
  balanceResponse,
  fungiblePriceResponse,
  gasPriceOrFeeRatesResponse,
  identityResponse,
} from './answers/account.ts'
import { projectOriginsResponse, supportedChainsResponse } from './answers/api.ts'
import {
  buildApproveResponse,
  buildTransactionResponse,
  convertAllowanceResponse,
  convertQuotesResponse,
  convertTokensResponse,
} from './answers/convert.ts'
import { historyResponse } from './answers/history.ts'
import { nftsResponse } from './answers/nfts.ts'
import {
  onrampOptionsResponse,
  onrampOrder,
  onrampQuoteResponse,
  onrampUrlResponse,
} from './answers/onramp.ts'
import { nameRecord, suggestionsResponse } from './answers/profile.ts'
import { projectConfigResponse, walletsResponse } from './answers/registry.ts'
import type { ROUTES } from './routes.ts'

// What the routes of the table answer, in zod/mini, by the route's name in ROUTES: the server
// declares these as its answers, and the kit's client checks each answer against them. Apart from
// the zod-free table, so a caller that needs only paths does not load them; the kit loads them
// with its first call.

/** The schemas of a route: what it answers (200). */
export type RouteSchemas = { readonly response: z.ZodMiniType }

/** A name lookup (apiVersion=2): the name's record, or `[]`, not a 404, when no such name is registered. */
export const nameLookupResponse = z.union([nameRecord, z.array(nameRecord).check(z.maxLength(0))])

/** The schemas of the routes whose answers the kit reads, by route name. */
export const ROUTE_SCHEMAS = {
  supportedChains: { response: supportedChainsResponse },
  wallets: { response: walletsResponse },
  balance: { response: balanceResponse },
  history: { response: historyResponse },
  nfts: { response: nftsResponse },
  fungiblePrice: { response: fungiblePriceResponse },
  identity: { response: identityResponse },
  nameOf: { response: nameLookupResponse },
  namesOf: { response: z.array(nameRecord) },
  nameSuggestions: { response: suggestionsResponse },
  registerName: { response: nameRecord },
  gasPrice: { response: gasPriceOrFeeRatesResponse },
  swapTokens: { response: convertTokensResponse },
  swapQuotes: { response: convertQuotesResponse },
  swapAllowance: { response: convertAllowanceResponse },
  buildApprove: { response: buildApproveResponse },
  buildSwap: { response: buildTransactionResponse },
  onrampOptions: { response: onrampOptionsResponse },
  onrampQuote: { response: onrampQuoteResponse },
  onrampUrl: { response: onrampUrlResponse },
  onrampOrder: { response: onrampOrder },
  projectConfig: { response: projectConfigResponse },
  projectOrigins: { response: projectOriginsResponse },
} as const satisfies { readonly [Name in keyof typeof ROUTES]?: RouteSchemas }

/** The routes whose answers have a schema. */
export type CheckedRoute = keyof typeof ROUTE_SCHEMAS

/** What a route answers, once checked. */
export type RouteAnswer<Name extends CheckedRoute> = z.output<
  (typeof ROUTE_SCHEMAS)[Name]['response']
>
