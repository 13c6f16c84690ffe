import {
  buildApproveQuery,
  buildApproveResponse,
  buildTransactionBody,
  buildTransactionResponse,
  type CaipAddress,
  clientQuery,
  convertAllowanceQuery,
  convertAllowanceResponse,
  convertQuotesQuery,
  convertQuotesResponse,
  convertTokensQuery,
  convertTokensResponse,
  errorResponse,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { erc20Abi, maxUint256 } from 'viem'
import { chainUnavailable } from '../chains/chainParam.ts'
import type { ChainClient } from '../chains/clients.ts'
import { HttpError } from '../errors.ts'
import { tokenIconUrl } from '../registry/tokenIcon.ts'
import { buildApproveTransaction } from './buildApproveTransaction.ts'
import { buildSwapTransaction } from './buildSwapTransaction.ts'
import { listSwapTokens } from './listSwapTokens.ts'
import { PairDirectory } from './pairDirectory.ts'
import { quoteIdOf, quoteSwap } from './quoteSwap.ts'
import {
  requireSwapAccount,
  requireSwapAsset,
  requireSwapChain,
  requireSwapRequest,
  type SwapChain,
  swapChainsOf,
} from './swapChain.ts'

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 503: errorResponse }

/**
 * Runs a read or estimate on a swap chain: a 4xx it throws goes out as it is, anything else
 * (the chain's RPC failing) is logged and answered 503.
 */
async function onChain<T>(
  log: FastifyBaseLogger,
  swapChain: SwapChain,
  what: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof HttpError) throw error
    log.warn({ err: error, chain: swapChain.chain.caipNetworkId }, `${what} failed`)
    throw chainUnavailable(swapChain.chain, what)
  }
}

/**
 * The swap routes, /v1/convert/*, over each configured chain's Uniswap V2 pools: the
 * tokens offered, quotes, the router's allowance, and approval and swap transactions to sign.
 * Every one answers 400 'Network not supported for Swaps' off the swap networks.
 * GET /v1/convert/gas-price is the account-data routes'.
 */
export const convertRoutes =
  (deps: { chains: Map<number, ChainClient> }): FastifyPluginAsyncZod =>
  async (app) => {
    const swapChains = swapChainsOf(deps.chains)
    const pairs = new PairDirectory()

    app.get(
      ROUTES.swapTokens.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'Tokens a chain can swap: the native coin first, then tokens with a pool',
          description:
            'Configured non-spam tokens with a Uniswap V2 pool with liquidity against WETH or the ' +
            'USD token. `eip2612` says whether the token has permit.',
          querystring: convertTokensQuery,
          response: { 200: convertTokensResponse, ...errors },
        },
      },
      async (request) => {
        const swapChain = requireSwapChain(swapChains, request.query.chainId)
        const tokens = await onChain(request.log, swapChain, 'Swap tokens', () =>
          listSwapTokens(pairs, swapChain),
        )
        return {
          tokens: tokens.map((token) => ({
            name: token.name,
            symbol: token.symbol,
            address: token.id,
            decimals: token.decimals,
            logoUri: tokenIconUrl(request, token.symbol),
            ...(token.eip2612 === undefined ? {} : { eip2612: token.eip2612 }),
          })),
        }
      },
    )

    app.get(
      ROUTES.swapQuotes.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'The best Uniswap V2 route and its output for selling an amount of a token',
          description:
            'Direct, through WETH or through the USD token, whichever gives most; the native ' +
            'coin goes through WETH. `toAmount` is what Router02 getAmountsOut gives for the ' +
            "route at the block named in `id`. Amounts are integer strings in each token's " +
            'smallest unit.',
          querystring: convertQuotesQuery,
          response: { 200: convertQuotesResponse, ...errors },
        },
      },
      async (request) => {
        const swap = requireSwapRequest(swapChains, request.query)
        const amountIn = BigInt(request.query.amount)
        const quote = await onChain(request.log, swap.swapChain, 'Swap quote', () =>
          quoteSwap(pairs, swap.swapChain, { from: swap.from, to: swap.to, amountIn }),
        )
        return {
          quotes: [
            {
              id: quoteIdOf(swap.swapChain.chainId, quote.route, quote.blockNumber),
              fromAmount: amountIn.toString(),
              fromAccount: request.query.from,
              toAmount: quote.route.amountOut.toString(),
              toAccount: request.query.to,
            },
          ],
        }
      },
    )

    app.get(
      ROUTES.swapAllowance.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'How much of a token the swap router may spend for an owner',
          description:
            'The ERC-20 allowance of the Uniswap V2 router, read on chain, in the smallest ' +
            'unit. The native coin needs no approval: its allowance is 2^256 - 1.',
          querystring: convertAllowanceQuery,
          response: { 200: convertAllowanceResponse, ...errors },
        },
      },
      async (request) => {
        const { swapChain, asset } = requireSwapAsset(swapChains, request.query.tokenAddress)
        const owner = requireSwapAccount(swapChains, request.query.userAddress)
        if (owner.swapChain !== swapChain)
          throw new HttpError(400, 'tokenAddress and userAddress must be on the same network')
        if (asset.native) return { allowance: maxUint256.toString() }
        const allowance = await onChain(request.log, swapChain, 'Allowance', () =>
          swapChain.chain.client.readContract({
            address: asset.pathAddress,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [owner.address, swapChain.router],
          }),
        )
        return { allowance: allowance.toString() }
      },
    )

    app.get(
      ROUTES.buildApprove.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'An approve(router, amount) transaction for the token a swap sells',
          description:
            'Unlimited (2^256 - 1) without `amount`. Gas from eth_estimateGas plus 20%; gas ' +
            "price the chain's fast price. In this API `tx.from` names the token contract, the " +
            'address to send the approval to (as does `tx.to`); the connected account sends it.',
          querystring: buildApproveQuery,
          response: { 200: buildApproveResponse, ...errors },
        },
      },
      async (request) => {
        const swap = requireSwapRequest(swapChains, request.query)
        const { amount } = request.query
        const approval = await onChain(request.log, swap.swapChain, 'Approval', () =>
          buildApproveTransaction(swap, amount === undefined ? undefined : BigInt(amount)),
        )
        // Clients send the approval to `tx.from`: it names the token, never the user.
        const token = caip10(swap.swapChain, approval.token)
        return {
          tx: {
            from: token,
            to: token,
            data: approval.data,
            value: '0',
            eip155: { gas: approval.gas.toString(), gasPrice: approval.gasPrice.toString() },
          },
        }
      },
    )

    app.post(
      ROUTES.buildSwap.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'The Uniswap V2 Router02 transaction for the best route of a swap',
          description:
            'swapExactETHForTokens, swapExactTokensForETH or swapExactTokensForTokens for at ' +
            'least the quote less `eip155.slippage` percent, paid to `userAddress`, valid 20 ' +
            'minutes. `amount` is the value to send. Gas from eth_estimateGas from the user plus ' +
            '20%, unless `disableEstimate`; a short balance or allowance is a 400.',
          // The project id is in the body, as the kit sends it; the query may carry it, st and sv.
          querystring: clientQuery.partial(),
          body: buildTransactionBody,
          response: { 200: buildTransactionResponse, ...errors },
        },
      },
      async (request) => {
        const { body } = request
        if (request.query.projectId !== undefined && request.query.projectId !== body.projectId)
          throw new HttpError(400, 'projectId differs between the query and the body')
        const swap = requireSwapRequest(swapChains, body)
        const built = await onChain(request.log, swap.swapChain, 'Swap transaction', () =>
          buildSwapTransaction(pairs, swap, {
            amountIn: BigInt(body.amount),
            slippagePercent: body.eip155.slippage,
            estimate: body.disableEstimate !== true,
          }),
        )
        return {
          tx: {
            from: swap.userId,
            to: caip10(swap.swapChain, swap.swapChain.router),
            data: built.data,
            amount: built.value.toString(),
            eip155: { gas: built.gas.toString(), gasPrice: built.gasPrice.toString() },
          },
        }
      },
    )
  }

function caip10(swapChain: SwapChain, address: string): CaipAddress {
  return `eip155:${swapChain.chainId}:${address}`
}
