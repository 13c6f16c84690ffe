import { z } from 'zod'
import { clientQuery } from './api.ts'
import { text } from './text.ts'

/** Most calls one JSON-RPC batch may hold on the gateway. */
export const RPC_BATCH_SIZE = 1000

/** JSON-RPC 2.0 and EIP-1474 error codes the gateway answers with in-band. */
export const RPC_ERROR_CODES = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  limitExceeded: -32005,
} as const

export const jsonRpcId = z.union([z.string(), z.number(), z.null()])
export type JsonRpcId = z.infer<typeof jsonRpcId>

/** One JSON-RPC 2.0 call; without an `id` it is a notification and gets no answer. */
export const jsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: jsonRpcId.optional(),
  method: z.string().min(1),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})
export type JsonRpcRequest = z.infer<typeof jsonRpcRequest>

export const jsonRpcError = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
})
export type JsonRpcError = z.infer<typeof jsonRpcError>

/** One JSON-RPC 2.0 answer: `result` or `error`, with the caller's id. */
export const jsonRpcResponse = z.object({
  jsonrpc: z.literal('2.0'),
  id: jsonRpcId,
  result: z.unknown().optional(),
  error: jsonRpcError.optional(),
})
export type JsonRpcResponse = z.infer<typeof jsonRpcResponse>

/** Query of `POST /v1`: the chain to call and the project calling. */
export const rpcQuery = clientQuery.extend({
  chainId: text().min(1).max(64).describe('CAIP-2 network id of a configured chain, e.g. eip155:1'),
})

/** Body of `POST /v1`: one call or a batch of at most RPC_BATCH_SIZE calls. */
export const rpcRequestBody = z.union([jsonRpcRequest, z.array(jsonRpcRequest).max(RPC_BATCH_SIZE)])

/** Answer of `POST /v1`: one answer, or one per call of a batch in the batch's order. */
export const rpcResponseBody = z.union([jsonRpcResponse, z.array(jsonRpcResponse)])
