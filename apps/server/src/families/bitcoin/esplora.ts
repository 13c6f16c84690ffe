import { HttpRequestError, TimeoutError } from 'viem'
import type { UpstreamCircuits } from '../../chains/upstreamCircuits.ts'

/**
 * An answer an Esplora API gave with a 4xx status (the call reached it: the chain is up), such as
 * a refused broadcast (`sendrawtransaction RPC error: {...}`) or an unknown transaction.
 */
export class EsploraError extends Error {
  override name = 'EsploraError'
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(`Esplora answered ${status}: ${text}`)
  }
}

/** An answer as the API gave it: its status, content type and body text. */
export type EsploraAnswer = { status: number; contentType: string; body: string }

/**
 * A client of a chain's Esplora REST API, failing over between its base URLs in order. Each call
 * is one upstream request, bounded by `timeoutMs` per URL and sent through the server's circuits
 * like the other chains' calls; a 4xx is the API's answer and is not failed over.
 */
export class EsploraClient {
  readonly #urls: readonly string[]
  readonly #timeoutMs: number
  readonly #circuits: UpstreamCircuits

  constructor(urls: readonly string[], options: { timeoutMs: number; circuits: UpstreamCircuits }) {
    if (urls.length === 0) throw new Error('a Bitcoin chain needs at least one Esplora URL')
    // A base written with a trailing slash names the same API.
    this.#urls = urls.map((url) => url.replace(/\/+$/, ''))
    this.#timeoutMs = options.timeoutMs
    this.#circuits = options.circuits
  }

  /** Upstream HTTP requests made so far: the benchmark's and the tests' count of upstream calls. */
  requests = 0

  /** GET `path` (`/address/bc1.../utxo`), parsed as JSON; an EsploraError for a 4xx. */
  async json<Result>(path: string): Promise<Result> {
    const answer = await this.request('GET', path)
    if (answer.status >= 400) throw new EsploraError(answer.status, answer.body)
    return JSON.parse(answer.body) as Result
  }

  /** GET `path` as text (`/blocks/tip/height`, `/tx/:txid/hex`). */
  async text(path: string): Promise<string> {
    const answer = await this.request('GET', path)
    if (answer.status >= 400) throw new EsploraError(answer.status, answer.body)
    return answer.body
  }

  /** POST /tx: broadcasts a raw transaction (hex); answers its txid, or an EsploraError. */
  async broadcast(rawHex: string): Promise<string> {
    const answer = await this.request('POST', '/tx', rawHex)
    if (answer.status >= 400) throw new EsploraError(answer.status, answer.body)
    return answer.body.trim()
  }

  /** One call as the API answers it, 4xx included; throws when no URL answered. */
  async request(method: 'GET' | 'POST', path: string, body?: string): Promise<EsploraAnswer> {
    let lastError: unknown
    for (const [index, url] of this.#urls.entries()) {
      const failFast = index < this.#urls.length - 1
      try {
        return await this.#circuits.through(url, () => this.#send(url, method, path, body), {
          failFast,
        })
      } catch (error) {
        lastError = error
      }
    }
    throw lastError
  }

  async #send(base: string, method: string, path: string, body?: string): Promise<EsploraAnswer> {
    this.requests += 1
    const url = `${base}${path}`
    let response: Response
    try {
      response = await fetch(url, {
        method,
        ...(body === undefined ? {} : { body, headers: { 'content-type': 'text/plain' } }),
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
    } catch (error) {
      // viem's error types are what the circuits and the routes read as "the upstream is down".
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new TimeoutError({ body: {}, url })
      throw new HttpRequestError({ url, cause: error as Error })
    }
    const text = await response.text()
    // A 5xx (or a proxy's error page) means this URL cannot answer now: try the next.
    if (response.status >= 500) throw new HttpRequestError({ url, status: response.status })
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'text/plain',
      body: text,
    }
  }
}
