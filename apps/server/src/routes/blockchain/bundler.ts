import {
  eip155NetworkId,
  errorResponse,
  type JsonRpcResponse,
  RPC_BATCH_SIZE,
  rpcQuery,
  rpcRequestBody,
  rpcResponseBody,
} from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bundlerGateway } from '../../bundler/gateway.ts'
import type { UpstreamCircuits } from '../../chains/upstreamCircuits.ts'
import type { Config } from '../../config.ts'
import { HttpError } from '../../errors.ts'
import type { RedisConnection } from '../../redis/connection.ts'
import {
  type ChainGateway,
  invalidRequestReason,
  isUpstreamUnavailable,
} from '../../rpc/gateway.ts'
import { createRateLimiter } from '../../rpc/rateLimiter.ts'
import { batchError, bodyAsIs } from './rpc.ts'

/**
 * POST /v1/bundler?chainId&projectId: JSON-RPC 2.0 to a configured EVM chain's ERC-4337 bundler,
 * shaped like the gateway (one call or a batch of up to RPC_BATCH_SIZE, rate-limited per project),
 * forwarding only its own allowlist. The bundler's own errors (the EntryPoint's AA codes) come back
 * in-band as it gave them; a bundler that does not answer at all is a 503.
 */
export const bundlerRoute =
  (deps: {
    chains: Config['chains']
    rpc: Config['rpc']
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
      '/v1/bundler',
      {
        schema: {
          tags: ['blockchain'],
          summary: "JSON-RPC 2.0 to a configured EVM chain's ERC-4337 bundler",
          description:
            'Forwards eth_sendUserOperation, eth_estimateUserOperationGas, ' +
            'eth_getUserOperationReceipt, eth_getUserOperationByHash, eth_supportedEntryPoints ' +
            "and pimlico_getUserOperationGasPrice to the chain's bundler and answers eth_chainId; " +
            'other methods are refused in-band (-32601), and so is every call on a chain without ' +
            "a bundler. The bundler's errors (AA21, AA25, ...) are in-band JSON-RPC errors with " +
            'HTTP 200; a bundler that does not answer is a 503; a body that is no JSON-RPC at ' +
            'all is a 400.',
          querystring: rpcQuery,
          body: rpcRequestBody,
          response: {
            200: rpcResponseBody,
            204: z.null().describe('The body held notifications only: nothing to answer'),
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            429: errorResponse,
            503: errorResponse,
          },
        },
        validatorCompiler: bodyAsIs,
        // The bundler's answers are passed on as they are: no zod walk over them on the way out.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request, reply) => {
        const { chainId } = request.query
        const gateway = gateways.get(chainId)
        if (!gateway) throw new HttpError(400, 'Unsupported chain')
        const body: unknown = request.body
        const isBatch = Array.isArray(body)
        if (!isBatch) {
          const reason = invalidRequestReason(body)
          if (reason) throw new HttpError(400, `Body is not a JSON-RPC request or batch: ${reason}`)
        } else if (body.length === 0) {
          return batchError('Invalid Request: the batch is empty')
        } else if (body.length > RPC_BATCH_SIZE) {
          return batchError(
            `Invalid Request: the batch has ${body.length} calls; the route takes at most ${RPC_BATCH_SIZE}`,
          )
        }

        const projectId = request.project?.id ?? ''
        const wait = await limiter.take(`bundler:${projectId}`, isBatch ? body.length : 1)
        if (wait > 0) {
          reply.header('retry-after', String(wait))
          throw new HttpError(
            429,
            `Rate limit exceeded: project "${projectId}" may make ${limiter.callsPerSecond} bundler calls per second`,
          )
        }

        const responses = await gateway.answer(isBatch ? body : [body])
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
