import type { JsonRpcResponse } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { UpstreamCircuits } from '../chains/upstreamCircuits.ts'
import { HttpError } from '../errors.ts'
import type { RedisConnection } from '../redis/connection.ts'
import type { RpcConfig } from './config.ts'
import { ChainGateway } from './gateway.ts'
import { jsonRpcCalls, jsonRpcCompilers, jsonRpcSchema, takeAllowance } from './jsonRpcRoute.ts'
import type { GatewayMethods } from './methods.ts'
import { createRateLimiter } from './rateLimiter.ts'

/**
 * POST /v1?chainId&projectId: the JSON-RPC 2.0 gateway to a configured chain's
 * upstreams, one call or a batch of up to RPC_BATCH_SIZE (1000), rate-limited per project.
 */
export const rpcRoute =
  (deps: {
    /**
     * Every network the server serves; those with JSON-RPC upstreams (`jsonRpc`: their URLs, tried
     * in order, and the methods let through) get a gateway.
     */
    networks: readonly {
      caipNetworkId: string
      jsonRpc?: { urls: string[]; methods: GatewayMethods } | undefined
    }[]
    rpc: RpcConfig
    /** Shares the limit among instances; without it (no REDIS_URL) the limit is this instance's. */
    redis: RedisConnection | undefined
    circuits: UpstreamCircuits
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { timeoutMs } = deps.rpc
    const gateways = new Map<string, ChainGateway>(
      deps.networks.flatMap(({ caipNetworkId, jsonRpc }) =>
        jsonRpc
          ? [[caipNetworkId, new ChainGateway({ ...jsonRpc, timeoutMs, circuits: deps.circuits })]]
          : [],
      ),
    )
    const limiter = createRateLimiter(deps.redis, deps.rpc.rateLimitPerSecond, app.log)

    // `/v1/` too: some clients put the gateway's base URL with a trailing slash; one gateway.
    for (const url of [ROUTES.rpc.path, `${ROUTES.rpc.path}/`])
      app.post(
        url,
        {
          schema: jsonRpcSchema({
            summary:
              url === ROUTES.rpc.path
                ? 'JSON-RPC 2.0 to a configured chain: one call or a batch of up to 1000'
                : 'The JSON-RPC gateway of POST /v1, at its address with a trailing slash',
            description:
              'Read methods, eth_estimateGas, eth_call and eth_sendRawTransaction are forwarded to ' +
              "the chain's upstreams (failing over in order); account and node-admin methods are " +
              'refused in-band (-32601). Errors of single calls are in-band JSON-RPC errors with ' +
              'HTTP 200; a body that is no JSON-RPC at all is a 400.',
          }),
          ...jsonRpcCompilers,
        },
        async (request, reply) => {
          const gateway = gateways.get(request.query.chainId)
          if (!gateway) throw new HttpError(400, 'Unsupported chain')
          const body = jsonRpcCalls(request.body, 'the gateway')
          if ('answer' in body) return body.answer
          const { calls, isBatch } = body
          const projectId = request.project?.id ?? ''
          await takeAllowance(limiter, reply, {
            key: projectId,
            projectId,
            calls: calls.length,
            what: 'JSON-RPC calls',
          })

          const responses = await gateway.answer(calls)
          const answered = isBatch
            ? responses.filter((response) => response !== undefined)
            : responses
          // Notifications only: JSON-RPC 2.0 answers nothing.
          if (answered.length === 0 || answered[0] === undefined) return reply.code(204).send(null)
          return isBatch ? (answered as JsonRpcResponse[]) : (answered[0] as JsonRpcResponse)
        },
      )
  }
