import type { CaipAddress } from '@latch/protocol'
import { maxUint256 } from 'viem'
import { type ApiClient, HttpStatusError } from '../api/client.ts'
import { displayMessage, displayText } from '../displayMessage.ts'
import { phrase } from '../i18n/phrases.ts'
import { isNativeToken } from './isNativeToken.ts'
import type { ReviewedQuote, SwapGas, SwapIssue, SwapTokenOption } from './types.ts'

/** What a quote is asked for: who swaps, the pair, the amount in `from`'s smallest unit, the slippage. */
export type QuoteRequest = {
  user: CaipAddress
  from: SwapTokenOption
  to: SwapTokenOption
  amount: bigint
  slippage: number
  /** Build the swap without estimate too, for its gas and router (not when the balance is short). */
  withGas: boolean
}

/** A quote with what the review needs beside it: the allowance, and the swap's gas and router. */
export type QuoteAnswer = {
  quote: ReviewedQuote
  allowance: bigint
  gas?: SwapGas
  router?: CaipAddress
}

/**
 * The best quote for a request, the router's allowance over the token sold (unlimited for the
 * native coin), and, when asked, the swap built without estimate for its gas and router.
 * @throws HttpStatusError 400 'No liquidity for this pair' when the server gives no quote
 */
export async function fetchQuote(
  api: Pick<ApiClient, 'convertQuotes' | 'convertAllowance' | 'buildTransaction'>,
  request: QuoteRequest,
  fetchedAt: () => number,
): Promise<QuoteAnswer> {
  const amount = request.amount.toString()
  const pair = { userAddress: request.user, from: request.from.address, to: request.to.address }
  const [quotes, allowance, built] = await Promise.all([
    api.convertQuotes({ ...pair, amount }),
    isNativeToken(request.from.address)
      ? { allowance: maxUint256.toString() }
      : api.convertAllowance({ tokenAddress: request.from.address, userAddress: request.user }),
    // Only for the network fee and the router's address: a failure just leaves the fee unknown.
    request.withGas
      ? api
          .buildTransaction({
            ...pair,
            amount,
            eip155: { slippage: request.slippage },
            disableEstimate: true,
          })
          .catch(() => undefined)
      : undefined,
  ])
  const quote = quotes.quotes[0]
  if (!quote) throw new HttpStatusError(400, 'No liquidity for this pair')
  return {
    quote: { ...quote, fetchedAt: fetchedAt() },
    allowance: BigInt(allowance.allowance),
    ...(built
      ? {
          gas: { gas: BigInt(built.tx.eip155.gas), gasPrice: BigInt(built.tx.eip155.gasPrice) },
          router: built.tx.to,
        }
      : {}),
  }
}

/** Why no quote: the server found no route (its 400), or it could not be asked. */
export function quoteIssue(error: unknown): SwapIssue {
  if (error instanceof HttpStatusError && error.status === 400)
    return { kind: 'no-liquidity', message: displayMessage(error) }
  return {
    kind: 'quote-failed',
    message: phrase('swap.quoteFailed', { reason: { text: displayText(error) } }),
  }
}
