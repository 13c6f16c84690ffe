import { eip155NetworkId, type JsonRpcResponse } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ChainConfig } from '../chains/chainConfig.ts'
import type { UpstreamCircuits } from '../chains/upstreamCircuits.ts'
import { HttpError } from '../errors.ts'
import type { RedisConnection } from '../redis/connection.ts'
import type { RpcConfig } from '../rpc/config.ts'
import { type ChainGateway, isUpstreamUnavailable } from '../rpc/gateway.ts'
import {
  jsonRpcCalls,
  jsonRpcCompilers,
  jsonRpcSchema,
  takeAllowance,
} from '../rpc/jsonRpcRoute.ts'
import { createRateLimiter } from '../rpc/rateLimiter.ts'
import { bundlerGateway } from './gateway.ts'

/**
 * POST /v1/bundler?chainId&projectId: JSON-RPC 2.0 to a configured EVM chain's ERC-4337 bundler,
 * shaped like the gateway (one call or a batch of up to RPC_BATCH_SIZE, rate-limited per project),
 * forwarding only its own allowlist. The bundler's own errors (the EntryPoint's AA codes) come back
 * in-band as it gave them; a bundler that does not answer at all is a 503.
 */
export const bundlerRoute =
  (deps: {
    chains: ChainConfig[]
    rpc: RpcConfig
    /** Shares the limit among instances; without it (no REDIS_URL) the limit is this instance's. */
    redis: RedisConnection | undefined
    circuits: UpstreamCircuits
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const gateways = new Map<string, ChainGateway>(
      deps.chains.map((chain) => [
        eip155NetworkId(chain.chainId),
        bundlerGateway(chain, { timeoutMs: deps.rpc.timeoutMs, circuits: deps.circuits }),
      ]),
    )
    // Its own allowance beside the gateway's, at the same rate: polling receipts here does not
    // starve a page's reads there.
    const limiter = createRateLimiter(deps.redis, deps.rpc.rateLimitPerSecond, app.log)

    app.post(
      ROUTES.bundler.path,
      {
        schema: jsonRpcSchema({
          summary: "JSON-RPC 2.0 to a configured EVM chain's ERC-4337 bundler",
          description:
            'Forwards eth_sendUserOperation, eth_estimateUserOperationGas, ' +
            'eth_getUserOperationReceipt, eth_getUserOperationByHash, eth_supportedEntryPoints ' +
            "and pimlico_getUserOperationGasPrice to the chain's bundler and answers eth_chainId; " +
            'other methods are refused in-band (-32601), and so is every call on a chain without ' +
            "a bundler. The bundler's errors (AA21, AA25, ...) are in-band JSON-RPC errors with " +
            'HTTP 200; a bundler that does not answer is a 503; a body that is no JSON-RPC at ' +
            'all is a 400.',
          degradable: true,
        }),
        ...jsonRpcCompilers,
      },
      async (request, reply) => {
        const { chainId } = request.query
        const gateway = gateways.get(chainId)
        if (!gateway) throw new HttpError(400, 'Unsupported chain')
        const body = jsonRpcCalls(request.body, 'the route')
        if ('answer' in body) return body.answer
        const { calls, isBatch } = body
        const projectId = request.project?.id ?? ''
        await takeAllowance(limiter, reply, {
          key: `bundler:${projectId}`,
          projectId,
          calls: calls.length,
          what: 'bundler calls',
        })

        const responses = await gateway.answer(calls)
        const answered = responses.filter(
          (response): response is JsonRpcResponse => response !== undefined,
        )
        // The bundler did not answer any call it was sent: the route is degraded, not the input.
        const forwarded = answered.filter((response) => 'error' in response && response.error)
        if (
          forwarded.length > 0 &&
          forwarded.length === answered.length &&
          forwarded.every((response) => isUpstreamUnavailable(response.error))
        ) {
          throw new HttpError(
            503,
            `The bundler of ${chainId} did not answer: user operations are unavailable for now, try again`,
          )
        }
        // Notifications only: JSON-RPC 2.0 answers nothing.
        if (answered.length === 0) return reply.code(204).send(null)
        return isBatch ? answered : answered[0]
      },
    )
  }
