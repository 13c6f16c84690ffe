import { z } from 'zod'
import { addressesOnOneChain, plainOrCaipAddress } from './addressSchemas.ts'
import { isDigits, MAX_UINT256, UINT_FORMAT, UINT_TOO_LARGE } from './answers/leaves.ts'
import { clientQuery, projectIdValue } from './api.ts'
import { caipNetworkId } from './caipSchemas.ts'
import { text } from './text.ts'

// Schemas of the swap routes, /v1/convert/*. Token and account ids are CAIP-10
// (`eip155:31337:0x...`); the native coin is `eip155:<chain id>:0xeeee...eeee`
// (NATIVE_TOKEN_ADDRESS). A call may give an address plain (`0x...`) when another of its
// parameters names the chain (chainId, or a CAIP-10 token id): the schema makes it CAIP-10.
// Amounts are integer strings in the token's smallest unit.

/** A uint256 written in decimal, as the API gives amounts, allowances, gas and gas prices. */
export const uintString = text()
  .regex(/^\d+$/, UINT_FORMAT)
  .refine((value) => !isDigits(value) || BigInt(value) <= MAX_UINT256, UINT_TOO_LARGE)

const AMOUNT_FORMAT =
  "amount must be a positive integer in the token's smallest unit (e.g. wei), as a string"

/** A token amount a caller asks to swap or approve: a positive integer in the smallest unit. */
export const swapAmount = text({ typeError: AMOUNT_FORMAT })
  .regex(/^\d+$/, AMOUNT_FORMAT)
  .refine((value) => !isDigits(value) || BigInt(value) > 0n, 'amount must be greater than zero')
  .refine((value) => !isDigits(value) || BigInt(value) <= MAX_UINT256, 'amount must be below 2^256')

/**
 * A token or account of a swap: CAIP-10, or plain 0x when the call names the chain otherwise. On
 * eip155 the address must be 0x and 40 hex characters; another namespace passes here and is
 * refused as an unsupported network by the route.
 */
export const swapCaipAddress = plainOrCaipAddress

/** The chain of a swap call whose addresses are all plain; optional when one is CAIP-10. */
const swapChainId = caipNetworkId
  .optional()
  .describe('CAIP-2 network id, e.g. eip155:31337: the chain of plain 0x addresses')

export { hexData } from './answers/convert.ts'

/** A slippage tolerance in percent (the default is 1, i.e. 1%). */
export const slippagePercent = z
  .number('slippage must be a number of percent, e.g. 1 for 1%')
  .gt(0, 'slippage must be greater than 0 percent')
  .lte(50, 'slippage must be at most 50 percent')

/** GET /v1/convert/tokens query. */
export const convertTokensQuery = clientQuery.extend({
  chainId: caipNetworkId.describe('CAIP-2 network id, e.g. eip155:31337'),
})

export {
  type ConvertTokensResponse,
  convertTokensResponse,
  type SwapToken,
  swapToken,
} from './answers/convert.ts'

/** GET /v1/convert/quotes query. */
export const convertQuotesQuery = addressesOnOneChain(
  clientQuery.extend({
    amount: swapAmount.describe('Amount of `from` to sell, in its smallest unit (integer string)'),
    userAddress: swapCaipAddress.describe('Account that would swap: CAIP-10 or plain 0x'),
    from: swapCaipAddress.describe('Token to sell: CAIP-10, or plain 0x on the chain of the call'),
    to: swapCaipAddress.describe('Token to buy: CAIP-10, or plain 0x on the chain of the call'),
    chainId: swapChainId,
    gasPrice: uintString
      .optional()
      .describe('Gas price in wei the caller would pay; accepted, not used to rank routes'),
  }),
  ['userAddress', 'from', 'to'],
)

export {
  type ConvertQuotesResponse,
  convertQuotesResponse,
  type SwapQuote,
  swapQuote,
} from './answers/convert.ts'

/** GET /v1/convert/allowance query. */
export const convertAllowanceQuery = addressesOnOneChain(
  clientQuery.extend({
    tokenAddress: swapCaipAddress.describe(
      'Token whose allowance to read: CAIP-10, or plain 0x on the chain of the call',
    ),
    userAddress: swapCaipAddress.describe('Owner of the tokens: CAIP-10 or plain 0x'),
    chainId: swapChainId,
  }),
  ['tokenAddress', 'userAddress'],
)

export {
  type ConvertAllowanceResponse,
  convertAllowanceResponse,
  eip155Gas,
} from './answers/convert.ts'

/** GET /v1/convert/build-approve query. */
export const buildApproveQuery = addressesOnOneChain(
  clientQuery.extend({
    userAddress: swapCaipAddress.describe('Account that approves: CAIP-10 or plain 0x'),
    from: swapCaipAddress.describe(
      'Token to approve (the one the swap sells): CAIP-10 or plain 0x',
    ),
    to: swapCaipAddress.describe('CAIP-10 token the swap buys'),
    chainId: swapChainId,
    amount: swapAmount.optional().describe('Amount to approve; unlimited (2^256 - 1) when absent'),
  }),
  ['userAddress', 'from', 'to'],
)

export { type BuildApproveResponse, buildApproveResponse } from './answers/convert.ts'

/** POST /v1/convert/build-transaction body. */
export const buildTransactionBody = addressesOnOneChain(
  z.object({
    projectId: projectIdValue,
    amount: swapAmount.describe('Amount of `from` to sell, in its smallest unit'),
    eip155: z.object(
      { slippage: slippagePercent },
      'eip155 is required: { slippage } in percent, e.g. { "slippage": 1 }',
    ),
    from: swapCaipAddress.describe('Token to sell: CAIP-10, or plain 0x on the chain of the call'),
    to: swapCaipAddress.describe('Token to buy: CAIP-10, or plain 0x on the chain of the call'),
    userAddress: swapCaipAddress.describe('Account that swaps and receives: CAIP-10 or plain 0x'),
    chainId: swapChainId,
    disableEstimate: z
      .boolean('disableEstimate must be true or false')
      .optional()
      .describe('true skips eth_estimateGas and the allowance check; gas is then a fixed bound'),
  }),
  ['userAddress', 'from', 'to'],
)
/** The body as the route reads it (and the kit sends it): every address CAIP-10. */
export type BuildTransactionBody = z.infer<typeof buildTransactionBody>

export {
  type BuildTransactionResponse,
  buildTransactionResponse,
} from './answers/convert.ts'
