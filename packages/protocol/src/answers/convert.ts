import * as z from 'zod/mini'
import { answerText, caipAddressAnswer, uintAnswer } from './leaves.ts'

/** Calldata or other bytes, 0x-prefixed hex. */
export const hexData = answerText().check(
  z.regex(/^0x([0-9a-fA-F]{2})*$/, 'Expected 0x-prefixed hex bytes'),
) as unknown as z.ZodMiniType<`0x${string}`, string>

/** A token the server can swap on a chain. */
export const swapToken = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-10 id; the native coin's is `eip155:<chain id>:0xeeee...eeee`. */
  address: caipAddressAnswer,
  decimals: z.int().check(z.nonnegative()),
  /** Absolute URL of the token's icon on this server. */
  logoUri: z.string(),
  /** The token has EIP-2612 `permit` (answers DOMAIN_SEPARATOR and nonces); absent for the native coin. */
  eip2612: z.optional(z.boolean()),
})
export type SwapToken = z.infer<typeof swapToken>

/** The native coin first, then every listed token with a pool to swap through. */
export const convertTokensResponse = z.object({ tokens: z.array(swapToken) })
export type ConvertTokensResponse = z.infer<typeof convertTokensResponse>

/** One way to do the swap and what it gives, read from the pools at one block. */
export const swapQuote = z.object({
  /**
   * The route and the block its reserves were read at:
   * `uniswap-v2:<chain id>:<token>><token>[><token>]@<block>`, tokens as 0x addresses (WETH for
   * the native coin), e.g. `uniswap-v2:31337:0xC02a...>0xA0b8...@1234`.
   */
  id: z.string(),
  /** Amount sold, integer string in `fromAccount`'s smallest unit. */
  fromAmount: uintAnswer,
  /** CAIP-10 id of the token sold. */
  fromAccount: caipAddressAnswer,
  /** Amount bought, exactly what Router02's getAmountsOut gives for this route at that block. */
  toAmount: uintAnswer,
  /** CAIP-10 id of the token bought. */
  toAccount: caipAddressAnswer,
})
export type SwapQuote = z.infer<typeof swapQuote>

/** The best route first (the only one, for now). */
export const convertQuotesResponse = z.object({ quotes: z.array(swapQuote) })
export type ConvertQuotesResponse = z.infer<typeof convertQuotesResponse>

/**
 * How much of the token the swap router may spend for the owner, in its smallest unit. The native
 * coin needs no approval: its allowance is the largest uint256.
 */
export const convertAllowanceResponse = z.object({ allowance: uintAnswer })
export type ConvertAllowanceResponse = z.infer<typeof convertAllowanceResponse>

/** Gas for a built transaction: a limit and a legacy gas price in wei, integer strings. */
export const eip155Gas = z.object({ gas: uintAnswer, gasPrice: uintAnswer })

/**
 * The approval as a transaction for the connected account to sign and send. In this API `tx.from`
 * names the TOKEN CONTRACT, the address the approval is sent to (not its sender: that is always the
 * account that asked, `userAddress`); clients send the transaction to `tx.from`.
 */
export const buildApproveResponse = z.object({
  tx: z.object({
    /** CAIP-10 id of the token contract: where the approval transaction goes. */
    from: caipAddressAnswer,
    /** The same token contract: a client that reads the destination from `to` reaches it too. */
    to: caipAddressAnswer,
    /** The calldata: `approve(router, amount)`, the router being the swap's spender. */
    data: hexData,
    /** Wei to send with it: always '0'. */
    value: uintAnswer,
    /** Gas limit (eth_estimateGas from the user, plus a margin) and a legacy gas price in wei. */
    eip155: eip155Gas,
  }),
})
export type BuildApproveResponse = z.infer<typeof buildApproveResponse>

/**
 * The swap as a transaction to sign and send as it is: `from` is the account that swaps (CAIP-10),
 * `to` the router the transaction goes to.
 */
export const buildTransactionResponse = z.object({
  tx: z.object({
    from: caipAddressAnswer,
    /** The Uniswap V2 router. */
    to: caipAddressAnswer,
    /** swapExactETHForTokens, swapExactTokensForETH or swapExactTokensForTokens. */
    data: hexData,
    /** The value to send: the amount sold when it is the native coin, else '0'. */
    amount: uintAnswer,
    eip155: eip155Gas,
  }),
})
export type BuildTransactionResponse = z.infer<typeof buildTransactionResponse>
