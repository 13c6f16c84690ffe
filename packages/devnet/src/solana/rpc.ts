import type { SolanaChain } from './chain.ts'
import {
  INTERNAL_ERROR,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  RpcError,
} from './errors.ts'
import type { Methods } from './methods.ts'
import { paramList } from './params.ts'

type Request = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
type Response = Record<string, unknown>

const failure = (id: unknown, code: number, message: string, data?: unknown): Response => ({
  jsonrpc: '2.0',
  error: data === undefined ? { code, message } : { code, message, data },
  id: id ?? null,
})

/** Answers one JSON-RPC request object; undefined for a notification (no id). */
export async function answer(
  request: unknown,
  methods: Methods,
  chain: SolanaChain,
): Promise<Response | undefined> {
  if (!request || typeof request !== 'object' || Array.isArray(request)) {
    return failure(null, INVALID_REQUEST, 'Invalid request')
  }
  const { jsonrpc, id, method, params } = request as Request
  if (jsonrpc !== '2.0' || typeof method !== 'string') {
    return failure(id, INVALID_REQUEST, 'Invalid request')
  }
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
  let response: Response
  if (!handler) response = failure(id, METHOD_NOT_FOUND, 'Method not found')
  else {
    try {
      response = { jsonrpc: '2.0', result: await handler(paramList(params), chain), id }
    } catch (error) {
      response =
        error instanceof RpcError
          ? failure(id, error.code, error.message, error.data)
          : failure(id, INTERNAL_ERROR, 'Internal error')
    }
  }
  return id === undefined ? undefined : response
}

/** Answers a request body: one request, or a batch (an array) answered in order. */
export async function answerBody(
  body: string,
  methods: Methods,
  chain: SolanaChain,
): Promise<unknown> {
  let request: unknown
  try {
    request = JSON.parse(body)
  } catch {
    return failure(null, PARSE_ERROR, 'Parse error')
  }
  if (!Array.isArray(request)) return answer(request, methods, chain)
  if (request.length === 0) return failure(null, INVALID_REQUEST, 'Invalid request')
  const responses = []
  for (const item of request) {
    const response = await answer(item, methods, chain)
    if (response) responses.push(response)
  }
  return responses
}
