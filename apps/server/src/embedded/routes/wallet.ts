import {
  COSTED_METHODS,
  evmNetworkBody,
  evmNetworkResponse,
  solanaNetworkBody,
  solanaNetworkResponse,
  WALLET_API_PREFIX,
  walletRpcBody,
  walletRpcCostBody,
  walletRpcCostResponse,
  walletRpcResponse,
} from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SharedRateLimiter } from '../../rateLimits/sharedRateLimiter.ts'
import { authenticate } from '../authenticate.ts'
import { sha256Hex } from '../codes.ts'
import { RPC_SESSION_LIMIT } from '../constants.ts'
import type { EmbeddedContext } from '../context.ts'
import { evmNetworkInfo } from '../rpc/evmNetwork.ts'
import { solanaChainFor, solanaNetworkInfo } from '../rpc/solana/network.ts'
import { WALLET_RPC_METHODS, walletRpc, walletRpcCost } from '../rpc/walletRpc.ts'
import { bearerHeaders, walletErrors } from './walletResponses.ts'

/**
 * POST /wallet/v1/rpc: a signing call the user approved in the frame, with the session's key;
 * POST /wallet/v1/rpc/cost: what a transaction would cost, POST /wallet/v1/solana/network: the
 * Solana network a call goes to, and POST /wallet/v1/evm/network: an EVM chain's name, coin and
 * tokens, all for the approval screen.
 */
export const walletRpcRoutes =
  (deps: { context: EmbeddedContext }): FastifyPluginAsyncZod =>
  async (app) => {
    // Per session and shared by every instance on the Redis: a balancer spreading one session's
    // calls over N instances must not give it N times the limit.
    const limiter = new SharedRateLimiter({
      name: 'wallet-rpc',
      ...RPC_SESSION_LIMIT,
      redis: deps.context.redis,
      log: app.log,
    })
    app.post(
      `${WALLET_API_PREFIX}/rpc`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Signs or sends for the session user (after their approval in the frame)',
          description:
            `Methods: ${WALLET_RPC_METHODS.join(', ')}. Any other: 400 "Requested RPC call is ` +
            'not allowed". EVM methods need chainId; solana_* ones go to caipNetworkId (default: ' +
            'the first configured Solana network). A chain the server has no RPC for: 400 ' +
            '"Unsupported chain". An address param that is not the user\'s, or a Solana ' +
            "transaction the user is not a signer of: 400. The chain's refusal: 400 with its " +
            "short message. A call naming the smart account the user's key owns goes through it: " +
            'ERC-7739 signatures (ERC-6492 before it is deployed), transactions and batches as ' +
            "one user operation, paid by the sponsorship of the site's projectId when its " +
            "policy pays, else by the account (then `notice` says why); the bundler's refusal " +
            'is a 400 in plain words for its AA code, a bundler that does not answer a 503. ' +
            'wallet_grantPermissions (ERC-7715, params [request]) installs LatchSessionValidator ' +
            "on the user's smart account with the session (or enables it beside others) in one " +
            'user operation, waits for its block, records it under `origin` (the site the frame ' +
            'serves) and answers the request with `address`, `context` (the session id, pci) and ' +
            '`grantedAt`; no expiry, an expiry past or beyond a year, an unknown permission type ' +
            "or a limit in a token outside the chain's token list: 400. " +
            'wallet_revokePermissions ([{ permissionsContext, chainId }]) sends the revokeSession ' +
            'user operation, then records the revocation; an unknown session: 404.',
          headers: bearerHeaders,
          body: walletRpcBody,
          response: { 200: walletRpcResponse, ...walletErrors },
        },
      },
      async (request) => {
        const { token, user } = await authenticate(deps.context, request)
        await limiter.hit(sha256Hex(token))
        return walletRpc(deps.context, user, request.body)
      },
    )
    app.post(
      `${WALLET_API_PREFIX}/rpc/cost`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: "What a transaction would take from the user's native balance",
          description:
            `Methods: ${COSTED_METHODS.join(', ')}. The value sent, gas x the highest price per ` +
            'gas (null, with the reason, when the call cannot be estimated), the balance and the ' +
            'shortfall, in base units as decimal strings; the network by name. Signs nothing.',
          headers: bearerHeaders,
          body: walletRpcCostBody,
          response: { 200: walletRpcCostResponse, ...walletErrors },
        },
      },
      async (request) => {
        const { token, user } = await authenticate(deps.context, request)
        await limiter.hit(sha256Hex(token))
        return walletRpcCost(deps.context, user, request.body)
      },
    )
    app.post(
      `${WALLET_API_PREFIX}/evm/network`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'An EVM chain as the approval screen names it',
          description:
            'The chain chainId names: its name, its coin and the ERC-20 tokens the server knows ' +
            'on it (symbol and decimals), so a grant of permissions shows its limits in them. ' +
            '400 "Unsupported chain" for a chain the server has no RPC for. Signs nothing.',
          headers: bearerHeaders,
          body: evmNetworkBody,
          response: { 200: evmNetworkResponse, ...walletErrors },
        },
      },
      async (request) => {
        const { token } = await authenticate(deps.context, request)
        await limiter.hit(sha256Hex(token))
        return evmNetworkInfo(deps.context.chains, request.body.chainId)
      },
    )
    app.post(
      `${WALLET_API_PREFIX}/solana/network`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'The Solana network a solana_* call goes to, for the approval screen',
          description:
            'The network caipNetworkId names (default: the first configured Solana network): its ' +
            'name, its coin and the SPL tokens the server knows on it. 400 "Unsupported chain" ' +
            'for a network the server has no RPC for. Signs nothing.',
          headers: bearerHeaders,
          body: solanaNetworkBody,
          response: { 200: solanaNetworkResponse, ...walletErrors },
        },
      },
      async (request) => {
        const { token } = await authenticate(deps.context, request)
        await limiter.hit(sha256Hex(token))
        return solanaNetworkInfo(
          solanaChainFor(deps.context.solanaChains, request.body.caipNetworkId),
        )
      },
    )
  }
