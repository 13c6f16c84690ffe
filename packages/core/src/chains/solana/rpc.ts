import type { CaipNetworkId } from '@latch/protocol/caip'
import { ROUTES } from '@latch/protocol/routes'
import { RPC_TIMEOUT_MS, SDK_TYPE, SDK_VERSION } from '../../constants.ts'
import { LatchError } from '../../errors.ts'

/** A Solana JSON-RPC client: one call, its result, or an error carrying the node's code. */
export type SolanaGatewayRpc = { call<T>(method: string, params?: unknown[]): Promise<T> }

/**
 * A JSON-RPC error a Solana node answered: `code` and `data` as the node gave them (a preflight
 * failure is -32002 with the simulation's logs in `data`), so callers can tell refusals apart.
 */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

type JsonRpcAnswer<T> = {
  jsonrpc?: unknown
  result?: T
  error?: { code?: unknown; message?: unknown; data?: unknown }
}

/** The Latch server's JSON-RPC gateway for a Solana chain: the page needs no RPC keys. */
export function solanaGatewayUrl(
  serverUrl: string,
  projectId: string,
  caipNetworkId: CaipNetworkId,
): string {
  const url = new URL(ROUTES.rpc.path, serverUrl)
  url.searchParams.set('chainId', caipNetworkId)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('st', SDK_TYPE)
  url.searchParams.set('sv', SDK_VERSION)
  return url.toString()
}

/**
 * JSON-RPC to a Solana chain through the server's gateway, one call a request (a send is a
 * handful of calls, not worth batching). A node's error is thrown as a SolanaRpcError; an answer
 * that is not JSON-RPC, or an HTTP error without one, as a LatchError.
 */
export function createGatewayRpc(options: {
  serverUrl: string
  projectId: string
  caipNetworkId: CaipNetworkId
  fetch?: typeof fetch
}): SolanaGatewayRpc {
  const url = solanaGatewayUrl(options.serverUrl, options.projectId, options.caipNetworkId)
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis)
  let id = 0
  return {
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      const response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
        signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
      })
      let answer: JsonRpcAnswer<T> | undefined
      try {
        answer = (await response.json()) as JsonRpcAnswer<T>
      } catch {
        answer = undefined
      }
      // The server's own refusals are `{ statusCode, error: 'Unauthorized', message }`: not a node's.
      if (answer?.jsonrpc === '2.0' && typeof answer.error === 'object' && answer.error !== null) {
        const { code, message, data } = answer.error
        throw new SolanaRpcError(
          typeof code === 'number' ? code : -32603,
          typeof message === 'string' ? message : 'The node refused the call',
          data,
        )
      }
      if (!response.ok || answer?.jsonrpc !== '2.0' || !('result' in answer)) {
        // The server's own refusal (unknown project, origin, rate limit) says why in `message`.
        const reason = (answer as { message?: unknown } | undefined)?.message
        throw new LatchError('The network did not answer', {
          details: `${method}: HTTP ${response.status} from the gateway${typeof reason === 'string' ? `: ${reason}` : ''}`,
        })
      }
      return answer.result as T
    },
  }
}
