import { z } from 'zod'
import { addressesOnOneChain, plainOrCaipAddress } from './addressSchemas.ts'
import { clientQuery, projectIdValue } from './api.ts'
import { caipAddress, caipNetworkId } from './caipSchemas.ts'
import { text } from './text.ts'

// Schemas of the swap routes, /v1/convert/*. Token and account ids are CAIP-10
// (`eip155:31337:0x...`); the native coin is `eip155:<chain id>:0xeeee...eeee`
// (NATIVE_TOKEN_ADDRESS). A call may give an address plain (`0x...`) when another of its
// parameters names the chain (chainId, or a CAIP-10 token id): the schema makes it CAIP-10.
// Amounts are integer strings in the token's smallest unit.

/** The largest uint256: the most an ERC-20 amount or allowance can be. */
const MAX_UINT256 = 2n ** 256n - 1n

/** Digits only: what BigInt may read without throwing (refinements run after a failed regex). */
const isDigits = (value: string) => /^\d+$/.test(value)

/** A uint256 written in decimal, as the API gives amounts, allowances, gas and gas prices. */
export const uintString = text()
  .regex(/^\d+$/, 'Expected a non-negative integer as a string')
  .refine(
    (value) => !isDigits(value) || BigInt(value) <= MAX_UINT256,
    'Expected an integer below 2^256',
  )

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

/** Calldata or other bytes, 0x-prefixed hex. */
export const hexData = text().regex(
  /^0x([0-9a-fA-F]{2})*$/,
  'Expected 0x-prefixed hex bytes',
) as unknown as z.ZodType<`0x${string}`, string>

/** A slippage tolerance in percent (the default is 1, i.e. 1%). */
export const slippagePercent = z
  .number('slippage must be a number of percent, e.g. 1 for 1%')
  .gt(0, 'slippage must be greater than 0 percent')
  .lte(50, 'slippage must be at most 50 percent')

/** GET /v1/convert/tokens query. */
export const convertTokensQuery = clientQuery.extend({
  chainId: caipNetworkId.describe('CAIP-2 network id, e.g. eip155:31337'),
})

/** A token the server can swap on a chain. */
export const swapToken = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-10 id; the native coin's is `eip155:<chain id>:0xeeee...eeee`. */
  address: caipAddress,
  decimals: z.number().int().nonnegative(),
  /** Absolute URL of the token's icon on this server. */
  logoUri: z.string(),
  /** The token has EIP-2612 `permit` (answers DOMAIN_SEPARATOR and nonces); absent for the native coin. */
  eip2612: z.boolean().optional(),
})
export type SwapToken = z.infer<typeof swapToken>

/** The native coin first, then every listed token with a pool to swap through. */
export const convertTokensResponse = z.object({ tokens: z.array(swapToken) })
export type ConvertTokensResponse = z.infer<typeof convertTokensResponse>

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

/** One way to do the swap and what it gives, read from the pools at one block. */
export const swapQuote = z.object({
  /**
   * The route and the block its reserves were read at:
   * `uniswap-v2:<chain id>:<token>><token>[><token>]@<block>`, tokens as 0x addresses (WETH for
   * the native coin), e.g. `uniswap-v2:31337:0xC02a...>0xA0b8...@1234`.
   */
  id: z.string(),
  /** Amount sold, integer string in `fromAccount`'s smallest unit. */
  fromAmount: uintString,
  /** CAIP-10 id of the token sold. */
  fromAccount: caipAddress,
  /** Amount bought, exactly what Router02's getAmountsOut gives for this route at that block. */
  toAmount: uintString,
  /** CAIP-10 id of the token bought. */
  toAccount: caipAddress,
})
export type SwapQuote = z.infer<typeof swapQuote>

/** The best route first (the only one, for now). */
export const convertQuotesResponse = z.object({ quotes: z.array(swapQuote) })
export type ConvertQuotesResponse = z.infer<typeof convertQuotesResponse>

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

/**
 * How much of the token the swap router may spend for the owner, in its smallest unit. The native
 * coin needs no approval: its allowance is the largest uint256.
 */
export const convertAllowanceResponse = z.object({ allowance: uintString })
export type ConvertAllowanceResponse = z.infer<typeof convertAllowanceResponse>

/** Gas for a built transaction: a limit and a legacy gas price in wei, integer strings. */
export const eip155Gas = z.object({ gas: uintString, gasPrice: uintString })

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

/**
 * The approval as a transaction for the connected account to sign and send. In this API `tx.from`
 * names the TOKEN CONTRACT, the address the approval is sent to (not its sender: that is always the
 * account that asked, `userAddress`); clients send the transaction to `tx.from`.
 */
export const buildApproveResponse = z.object({
  tx: z.object({
    /** CAIP-10 id of the token contract: where the approval transaction goes. */
    from: caipAddress,
    /** The same token contract: a client that reads the destination from `to` reaches it too. */
    to: caipAddress,
    /** The calldata: `approve(router, amount)`, the router being the swap's spender. */
    data: hexData,
    /** Wei to send with it: always '0'. */
    value: uintString,
    /** Gas limit (eth_estimateGas from the user, plus a margin) and a legacy gas price in wei. */
    eip155: eip155Gas,
  }),
})
export type BuildApproveResponse = z.infer<typeof buildApproveResponse>

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

/**
 * The swap as a transaction to sign and send as it is: `from` is the account that swaps (CAIP-10),
 * `to` the router the transaction goes to.
 */
export const buildTransactionResponse = z.object({
  tx: z.object({
    from: caipAddress,
    /** The Uniswap V2 router. */
    to: caipAddress,
    /** swapExactETHForTokens, swapExactTokensForETH or swapExactTokensForTokens. */
    data: hexData,
    /** The value to send: the amount sold when it is the native coin, else '0'. */
    amount: uintString,
    eip155: eip155Gas,
  }),
})
export type BuildTransactionResponse = z.infer<typeof buildTransactionResponse>
