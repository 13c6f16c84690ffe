export type RpcCall = { method: string; params: unknown[] }

type RpcResponse = { id: number; result?: unknown; error?: { code: number; message: string } }

/** Calls that change state in a way that must not happen twice are never retried. */
const notRepeatable = new Set(['eth_sendTransaction', 'eth_sendRawTransaction'])

/**
 * Sends `calls` as one JSON-RPC batch and returns the results in order. Throws if any call fails.
 * A connection error (e.g. a reused keep-alive socket the server just closed) is retried twice
 * when every call in the batch is safe to repeat.
 */
export async function rpcBatch(url: string, calls: RpcCall[]): Promise<unknown[]> {
  if (calls.length === 0) return []
  const body = JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call })))
  const retries = calls.some((call) => notRepeatable.has(call.method)) ? 0 : 2
  let response: Response | undefined
  for (let attempt = 0; !response; attempt++) {
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    } catch (error) {
      if (attempt < retries) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        continue
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      const reason = cause?.code ?? cause?.message ?? String(error)
      throw new Error(`${calls[0]?.method} to ${url} failed: ${reason}`, { cause: error })
    }
  }
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`)
  const answers = (await response.json()) as RpcResponse[]
  const byId = new Map(answers.map((answer) => [answer.id, answer]))
  return calls.map((call, id) => {
    const answer = byId.get(id)
    if (!answer) throw new Error(`${call.method}: no answer`)
    if (answer.error) throw new Error(`${call.method} failed: ${answer.error.message}`)
    return answer.result
  })
}

export async function rpc<T = unknown>(
  url: string,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const [result] = await rpcBatch(url, [{ method, params }])
  return result as T
}
