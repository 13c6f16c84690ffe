import {
  errorResponse,
  type JsonRpcResponse,
  RPC_BATCH_SIZE,
  RPC_ERROR_CODES,
  rpcQuery,
  rpcRequestBody,
  rpcResponseBody,
} from '@latch/protocol'
import type { FastifyReply } from 'fastify'
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { type ZodType, z } from 'zod'
import { HttpError } from '../errors.ts'
import { invalidRequestReason } from './gateway.ts'
import type { RateLimiter } from './rateLimiter.ts'

/**
 * The OpenAPI schema of a JSON-RPC 2.0 route (the gateway, the bundler's, the paymaster's): the
 * chain and project in the query, one call or a batch in the body, in-band errors with HTTP 200,
 * and a 503 for the routes whose one upstream can be down as a whole.
 */
export function jsonRpcSchema(doc: { summary: string; description: string; degradable?: true }) {
  return {
    tags: ['blockchain'],
    summary: doc.summary,
    description: doc.description,
    querystring: rpcQuery,
    body: rpcRequestBody,
    response: {
      200: rpcResponseBody,
      204: z.null().describe('The body held notifications only: nothing to answer'),
      400: errorResponse,
      401: errorResponse,
      403: errorResponse,
      429: errorResponse,
      ...(doc.degradable ? { 503: errorResponse } : {}),
    },
  }
}

// The body is checked by hand: a bad element of a batch is answered in-band, not with a 400,
// and a 1000-call batch is not worth walking with zod. The zod body schema documents it only.
function bodyAsIs<Schema>(route: FastifyRouteSchemaDef<Schema>): FastifyValidationResult {
  if (route.httpPart === 'body') return (data) => ({ value: data })
  return validatorCompiler({ ...route, schema: route.schema as ZodType })
}

/** A JSON-RPC route's compilers: the body as it came (checked by jsonRpcCalls), answers as they are. */
export const jsonRpcCompilers = {
  validatorCompiler: bodyAsIs,
  // Upstream answers are passed on as they are: no zod walk over them on the way out.
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
}

const batchError = (message: string): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id: null,
  error: { code: RPC_ERROR_CODES.invalidRequest, message },
})

/**
 * The calls of a JSON-RPC body, or the in-band answer to an empty or oversized batch. A body
 * that is no JSON-RPC at all is a 400: nothing in it can carry an id to answer.
 */
export function jsonRpcCalls(
  body: unknown,
  route: string,
): { calls: unknown[]; isBatch: boolean } | { answer: JsonRpcResponse } {
  if (!Array.isArray(body)) {
    const reason = invalidRequestReason(body)
    if (reason) throw new HttpError(400, `Body is not a JSON-RPC request or batch: ${reason}`)
    return { calls: [body], isBatch: false }
  }
  if (body.length === 0) return { answer: batchError('Invalid Request: the batch is empty') }
  if (body.length > RPC_BATCH_SIZE)
    return {
      answer: batchError(
        `Invalid Request: the batch has ${body.length} calls; ${route} takes at most ${RPC_BATCH_SIZE}`,
      ),
    }
  return { calls: body, isBatch: true }
}

/** Counts `calls` against the project's allowance on `limiter`, or throws 429 with Retry-After. */
export async function takeAllowance(
  limiter: RateLimiter,
  reply: FastifyReply,
  limit: { key: string; projectId: string; calls: number; what: string },
): Promise<void> {
  const wait = await limiter.take(limit.key, limit.calls)
  if (wait <= 0) return
  reply.header('retry-after', String(wait))
  throw new HttpError(
    429,
    `Rate limit exceeded: project "${limit.projectId}" may make ${limiter.callsPerSecond} ${limit.what} per second`,
  )
}
