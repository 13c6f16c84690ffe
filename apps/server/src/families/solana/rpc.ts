import { HttpRequestError, TimeoutError } from 'viem'
import type { UpstreamCircuits } from '../../chains/upstreamCircuits.ts'

/** An error a Solana node answered (the call reached it; the chain is up). */
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

export type SolanaCall = { method: string; params?: unknown[] }

type RpcAnswer = {
  id?: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/**
 * A Solana JSON-RPC client over HTTP, failing over between the chain's URLs. Each request is one
 * upstream call, bounded by `timeoutMs` per URL and sent through the server's circuits like the EVM
 * clients' calls; `batch` sends several methods in one HTTP request (one upstream call), which is
 * how a balance read stays at one call whatever the number of tokens.
 */
export class SolanaRpc {
  readonly #urls: readonly string[]
  readonly #timeoutMs: number
  readonly #circuits: UpstreamCircuits

  constructor(urls: readonly string[], options: { timeoutMs: number; circuits: UpstreamCircuits }) {
    if (urls.length === 0) throw new Error('a Solana chain needs at least one RPC URL')
    this.#urls = urls
    this.#timeoutMs = options.timeoutMs
    this.#circuits = options.circuits
  }

  /** Upstream HTTP requests made so far: the benchmark's and the tests' count of upstream calls. */
  requests = 0

  async call<Result>(method: string, params: unknown[] = []): Promise<Result> {
    const [result] = await this.batch<[Result]>([{ method, params }])
    return result
  }

  /** Sends `calls` in one JSON-RPC batch; throws the first error a call answered. */
  async batch<Results extends unknown[]>(calls: SolanaCall[]): Promise<Results> {
    const body = JSON.stringify(
      calls.map((call, id) => ({
        jsonrpc: '2.0',
        id,
        method: call.method,
        params: call.params ?? [],
      })),
    )
    const answers = await this.#post(body)
    const byId = new Map(answers.map((answer) => [answer.id, answer]))
    return calls.map((call, id) => {
      const answer = byId.get(id)
      if (!answer) throw new Error(`Solana RPC answered no result for ${call.method}`)
      if (answer.error)
        throw new SolanaRpcError(answer.error.code, answer.error.message, answer.error.data)
      return answer.result
    }) as Results
  }

  async #post(body: string): Promise<RpcAnswer[]> {
    let lastError: unknown
    for (const [index, url] of this.#urls.entries()) {
      const failFast = index < this.#urls.length - 1
      try {
        return await this.#circuits.through(url, () => this.#postTo(url, body), { failFast })
      } catch (error) {
        // An answer the node gave is final; only a node that did not answer is failed over.
        if (error instanceof SolanaRpcError) throw error
        lastError = error
      }
    }
    throw lastError
  }

  async #postTo(url: string, body: string): Promise<RpcAnswer[]> {
    this.requests += 1
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
    } catch (error) {
      // viem's error types are what the circuits and the routes read as "the upstream is down".
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new TimeoutError({ body: {}, url })
      throw new HttpRequestError({ url, cause: error as Error })
    }
    if (!response.ok) throw new HttpRequestError({ url, status: response.status })
    const answer = (await response.json()) as RpcAnswer | RpcAnswer[]
    if (Array.isArray(answer)) return answer
    // A node that refuses the whole batch answers one error object.
    if (answer.error)
      throw new SolanaRpcError(answer.error.code, answer.error.message, answer.error.data)
    return [answer]
  }
}
