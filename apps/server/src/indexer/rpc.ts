/** One JSON-RPC call of a batch. */
export type RpcCall = { method: string; params: unknown[] }

/** A call's answer: its result, or the node's JSON-RPC error for it. */
export type RpcOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: { code: number; message: string } }

/** A node answered a call with a JSON-RPC error. */
export class RpcCallError extends Error {
  override name = 'RpcCallError'
  readonly code: number

  constructor(method: string, error: { code: number; message: string }) {
    super(`${method} failed: ${error.message} (${error.code})`)
    this.code = error.code
  }
}

export type IndexerRpc = {
  /** Sends the calls as JSON-RPC batches of at most `batchSize`; one outcome per call, in order. */
  batch(calls: RpcCall[]): Promise<RpcOutcome[]>
  /** Like `batch`, but throws on the first call the node answered with an error. */
  all<T>(calls: RpcCall[]): Promise<T[]>
  call<T>(method: string, params: unknown[]): Promise<T>
}

type RpcAnswer = { id: number; result?: unknown; error?: { code: number; message: string } }

/**
 * A JSON-RPC client for the indexer: explicit batches (a block range is read in a few HTTP
 * requests), each tried on the chain's URLs in order, cancelled by `signal` when the indexer stops.
 */
export function createIndexerRpc(
  urls: string[],
  options: { timeoutMs: number; signal: AbortSignal; batchSize?: number },
): IndexerRpc {
  const batchSize = options.batchSize ?? 100

  async function post(body: unknown[]): Promise<RpcAnswer[]> {
    let lastError: unknown
    for (const url of urls) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
        })
        if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`)
        const answers: unknown = await response.json()
        if (!Array.isArray(answers)) throw new Error(`${url} did not answer the batch with a list`)
        return answers as RpcAnswer[]
      } catch (error) {
        if (options.signal.aborted) throw error
        lastError = error
      }
    }
    throw lastError
  }

  async function batch(calls: RpcCall[]): Promise<RpcOutcome[]> {
    const chunks: RpcCall[][] = []
    for (let start = 0; start < calls.length; start += batchSize) {
      chunks.push(calls.slice(start, start + batchSize))
    }
    const answered = await Promise.all(
      chunks.map(async (chunk) => {
        const answers = await post(
          chunk.map((call, id) => ({
            jsonrpc: '2.0',
            id,
            method: call.method,
            params: call.params,
          })),
        )
        const byId = new Map(answers.map((answer) => [answer.id, answer]))
        return chunk.map((call, id): RpcOutcome => {
          const answer = byId.get(id)
          if (!answer) throw new Error(`${call.method}: the node left a batch call unanswered`)
          return answer.error
            ? { ok: false, error: answer.error }
            : { ok: true, result: answer.result }
        })
      }),
    )
    return answered.flat()
  }

  async function all<T>(calls: RpcCall[]): Promise<T[]> {
    const outcomes = await batch(calls)
    return outcomes.map((outcome, index) => {
      if (!outcome.ok) throw new RpcCallError(calls[index]?.method ?? 'call', outcome.error)
      return outcome.result as T
    })
  }

  return {
    batch,
    all,
    call: async <T>(method: string, params: unknown[]) =>
      (await all<T>([{ method, params }]))[0] as T,
  }
}

/** A block number as a JSON-RPC quantity. */
export const toQuantity = (value: number | bigint): string => `0x${value.toString(16)}`
