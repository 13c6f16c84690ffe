import { WalletRpcError } from './errors.ts'

let nextId = 0

/** Thrown when the chain's RPC cannot be reached at all (as opposed to answering with an error). */
export class RpcUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`RPC ${url} is unreachable`, { cause })
    this.name = 'RpcUnreachableError'
  }
}

/**
 * Sends one JSON-RPC call and hands back the node's answer untouched, so a page sees exactly what
 * the node said (including revert data in `error.data`).
 */
export async function forwardRpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params }),
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    throw new RpcUnreachableError(url, error)
  }
  const text = await response.text()
  let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
  try {
    body = JSON.parse(text)
  } catch {
    if (response.status >= 500) throw new RpcUnreachableError(url, new Error(text.slice(0, 200)))
    throw new WalletRpcError(-32603, `RPC responded with HTTP ${response.status}`)
  }
  if (body.error) {
    const { code, message, data } = body.error
    throw new WalletRpcError(
      typeof code === 'number' ? code : -32603,
      typeof message === 'string' ? message : 'RPC error',
      data,
    )
  }
  return body.result ?? null
}
