import {
  eip155NetworkId,
  errorResponse,
  type JsonRpcResponse,
  RPC_BATCH_SIZE,
  RPC_ERROR_CODES,
  rpcQuery,
  rpcRequestBody,
  rpcResponseBody,
} from '@latch/protocol'
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js'
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod'
import { type ZodType, z } from 'zod'
import type { UpstreamCircuits } from '../../chains/upstreamCircuits.ts'
import type { Config } from '../../config.ts'
import { HttpError } from '../../errors.ts'
import type { RedisConnection } from '../../redis/connection.ts'
import { ChainGateway, invalidRequestReason } from '../../rpc/gateway.ts'
import { evmMethods, type GatewayMethods } from '../../rpc/methods.ts'
import { createRateLimiter } from '../../rpc/rateLimiter.ts'
import { solanaMethods } from '../../solana/gatewayMethods.ts'

// The body is checked by hand: a bad element of a batch is answered in-band, not with a 400,
// and a 1000-call batch is not worth walking with zod. The zod body schema documents it only.
export function bodyAsIs<Schema>(route: FastifyRouteSchemaDef<Schema>): FastifyValidationResult {
  if (route.httpPart === 'body') return (data) => ({ value: data })
  return validatorCompiler({ ...route, schema: route.schema as ZodType })
}

export function batchError(message: string): JsonRpcResponse {
  return { jsonrpc: '2.0', id: null, error: { code: RPC_ERROR_CODES.invalidRequest, message } }
}

/**
 * POST /v1?chainId&projectId: the JSON-RPC 2.0 gateway to a configured chain's
 * upstreams, one call or a batch of up to RPC_BATCH_SIZE (1000), rate-limited per project.
 */
export const rpcRoute =
  (deps: {
    chains: Config['chains']
    solanaChains: Config['solanaChains']
    rpc: Config['rpc']
    /** Shares the limit among instances; without it (no REDIS_URL) the limit is this instance's. */
    redis: RedisConnection | undefined
    circuits: UpstreamCircuits
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const gatewayOf = (urls: string[], methods: GatewayMethods) =>
      new ChainGateway({ methods, urls, timeoutMs: deps.rpc.timeoutMs, circuits: deps.circuits })
    const gateways = new Map<string, ChainGateway>([
      ...deps.chains.map(
        (chain) =>
          [
            eip155NetworkId(chain.chainId),
            gatewayOf(chain.rpcUrls, evmMethods(chain.chainId)),
          ] as const,
      ),
      ...deps.solanaChains.map(
        (chain) => [chain.caipNetworkId, gatewayOf(chain.rpcUrls, solanaMethods)] as const,
      ),
    ])
    const limiter = createRateLimiter(deps.redis, deps.rpc.rateLimitPerSecond, app.log)

    // `/v1/` too: some clients put the gateway's base URL with a trailing slash; one gateway.
    for (const url of ['/v1', '/v1/'])
      app.post(
        url,
        {
          schema: {
            tags: ['blockchain'],
            summary:
              url === '/v1'
                ? 'JSON-RPC 2.0 to a configured chain: one call or a batch of up to 1000'
                : 'The JSON-RPC gateway of POST /v1, at its address with a trailing slash',
            description:
              'Read methods, eth_estimateGas, eth_call and eth_sendRawTransaction are forwarded to ' +
              "the chain's upstreams (failing over in order); account and node-admin methods are " +
              'refused in-band (-32601). Errors of single calls are in-band JSON-RPC errors with ' +
              'HTTP 200; a body that is no JSON-RPC at all is a 400.',
            querystring: rpcQuery,
            body: rpcRequestBody,
            response: {
              200: rpcResponseBody,
              204: z.null().describe('The body held notifications only: nothing to answer'),
              400: errorResponse,
              401: errorResponse,
              403: errorResponse,
              429: errorResponse,
            },
          },
          validatorCompiler: bodyAsIs,
          // Upstream answers are passed on as they are: no zod walk over them on the way out.
          serializerCompiler: () => (data) => JSON.stringify(data),
        },
        async (request, reply) => {
          const gateway = gateways.get(request.query.chainId)
          if (!gateway) throw new HttpError(400, 'Unsupported chain')
          const body: unknown = request.body
          const isBatch = Array.isArray(body)
          if (!isBatch) {
            const reason = invalidRequestReason(body)
            if (reason)
              throw new HttpError(400, `Body is not a JSON-RPC request or batch: ${reason}`)
          } else if (body.length === 0) {
            return batchError('Invalid Request: the batch is empty')
          } else if (body.length > RPC_BATCH_SIZE) {
            return batchError(
              `Invalid Request: the batch has ${body.length} calls; the gateway takes at most ${RPC_BATCH_SIZE}`,
            )
          }

          const projectId = request.project?.id ?? ''
          const wait = await limiter.take(projectId, isBatch ? body.length : 1)
          if (wait > 0) {
            reply.header('retry-after', String(wait))
            throw new HttpError(
              429,
              `Rate limit exceeded: project "${projectId}" may make ${limiter.callsPerSecond} JSON-RPC calls per second`,
            )
          }

          const responses = await gateway.answer(isBatch ? body : [body])
          const answered = isBatch
            ? responses.filter((response) => response !== undefined)
            : responses
          // Notifications only: JSON-RPC 2.0 answers nothing.
          if (answered.length === 0 || answered[0] === undefined) return reply.code(204).send(null)
          return isBatch ? (answered as JsonRpcResponse[]) : (answered[0] as JsonRpcResponse)
        },
      )
  }
