import {
  type JsonRpcError,
  type JsonRpcId,
  type JsonRpcResponse,
  RPC_ERROR_CODES,
  textProblem,
} from '@latch/protocol'
import { LRUCache } from 'lru-cache'
import type { UpstreamCircuits } from '../chains/upstreamCircuits.ts'
import { type GatewayMethods, methodNotAllowed } from './methods.ts'
import { postToUpstreams, UpstreamUnavailableError } from './upstream.ts'

/** What one call comes to: a result or an error, before the caller's id is put on it. */
export type RpcOutcome = { result: unknown } | { error: JsonRpcError }

type PendingCall = {
  key: string
  method: string
  params: unknown
  settle(outcome: RpcOutcome): void
}

/** A value invalidRequestReason has accepted. */
type Call = { method: string; params?: unknown; id?: JsonRpcId }

type UpstreamAnswer = { id?: unknown; result?: unknown; error?: JsonRpcError }

export type ChainGatewayOptions = {
  /** The chain family's allowlist and local answers. */
  methods: GatewayMethods
  /** The chain's upstream JSON-RPC URLs, tried in order. */
  urls: string[]
  /** Per-upstream-call timeout (RPC_TIMEOUT_MS). */
  timeoutMs: number
  /** Which upstreams answer: shared with the server's chain clients. */
  circuits: UpstreamCircuits
  /** Immutable answers kept in memory; default 5000. */
  cacheSize?: number
  /**
   * Whether the upstreams take JSON-RPC batches; default true. When false (alto, the devnet's
   * bundler, refuses them), a batch's calls go upstream one request each, side by side.
   */
  upstreamBatches?: boolean
}

/** Why a value is not a JSON-RPC 2.0 call, or undefined when it is one. */
export function invalidRequestReason(call: unknown): string | undefined {
  if (call === null || typeof call !== 'object' || Array.isArray(call)) {
    return 'a call must be a JSON object'
  }
  const { jsonrpc, method, params, id } = call as Record<string, unknown>
  if (jsonrpc !== '2.0') return 'jsonrpc must be "2.0"'
  if (typeof method !== 'string' || method === '') return 'method must be a non-empty string'
  if (method.length > 128 || textProblem(method))
    return 'method must be a method name: at most 128 characters, no control characters or lone surrogates'
  if (params !== undefined && (params === null || typeof params !== 'object')) {
    return 'params must be an array or an object'
  }
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') {
    return 'id must be a string, a number or null'
  }
  return undefined
}

function idOf(call: unknown): JsonRpcId {
  const id = call !== null && typeof call === 'object' ? (call as { id?: unknown }).id : undefined
  return typeof id === 'string' || typeof id === 'number' ? id : null
}

function internalError(message: string): RpcOutcome {
  return { error: { code: RPC_ERROR_CODES.internalError, message } }
}

/** The errors a gateway gave because no upstream answered at all (not an upstream's own error). */
const unavailableErrors = new WeakSet<JsonRpcError>()

/** Whether `error` says every upstream failed to answer (down, timed out, HTTP 5xx or 429). */
export function isUpstreamUnavailable(error: JsonRpcError | undefined): boolean {
  return error !== undefined && unavailableErrors.has(error)
}

/**
 * The JSON-RPC gateway of one chain: refuses methods off the allowlist, answers the chain id
 * itself, serves immutable answers from memory, shares one upstream call among identical
 * concurrent calls, and sends what is left of a batch upstream as one batch.
 */
export class ChainGateway {
  readonly #methods: GatewayMethods
  readonly #urls: string[]
  readonly #timeoutMs: number
  readonly #circuits: UpstreamCircuits
  readonly #inFlight = new Map<string, Promise<RpcOutcome>>()
  readonly #cache: LRUCache<string, { result: unknown }>
  readonly #upstreamBatches: boolean

  constructor(options: ChainGatewayOptions) {
    this.#upstreamBatches = options.upstreamBatches ?? true
    this.#methods = options.methods
    this.#urls = options.urls
    this.#timeoutMs = options.timeoutMs
    this.#circuits = options.circuits
    this.#cache = new LRUCache({ max: options.cacheSize ?? 5000 })
  }

  /**
   * Answers raw calls (one, or a batch's elements) in their order; a notification (no id)
   * is carried out but answered with undefined.
   */
  async answer(calls: readonly unknown[]): Promise<Array<JsonRpcResponse | undefined>> {
    const outcomes: Array<RpcOutcome | Promise<RpcOutcome>> = new Array(calls.length)
    const toSend: PendingCall[] = []
    let invalid: Set<number> | undefined
    for (let index = 0; index < calls.length; index++) {
      const reason = invalidRequestReason(calls[index])
      if (reason === undefined) {
        outcomes[index] = this.#outcomeOf(calls[index] as Call, toSend)
        continue
      }
      invalid ??= new Set()
      invalid.add(index)
      outcomes[index] = {
        error: { code: RPC_ERROR_CODES.invalidRequest, message: `Invalid Request: ${reason}` },
      }
    }
    if (this.#upstreamBatches) {
      if (toSend.length > 0) void this.#send(toSend)
    } else for (const call of toSend) void this.#send([call])
    const responses: Array<JsonRpcResponse | undefined> = new Array(calls.length)
    for (let index = 0; index < calls.length; index++) {
      const outcome = await outcomes[index]
      const call = calls[index]
      // A notification gets no answer, but an invalid call does (JSON-RPC 2.0: with id null).
      if (!invalid?.has(index) && (call as Call).id === undefined) continue
      responses[index] = { jsonrpc: '2.0', id: idOf(call), ...(outcome as RpcOutcome) }
    }
    return responses
  }

  #outcomeOf(call: Call, toSend: PendingCall[]): RpcOutcome | Promise<RpcOutcome> {
    const { method, params } = call
    if (!this.#methods.allowed.has(method)) {
      return { error: this.#methods.notAllowed?.(method) ?? methodNotAllowed(method) }
    }
    const local = this.#methods.localAnswer(method)
    if (local !== undefined) return { result: local }
    const refused = this.#methods.check(method, params)
    if (refused) return { error: refused }
    const key = params === undefined ? method : `${method}\u0000${JSON.stringify(params)}`
    const cached = this.#cache.get(key)
    if (cached) return cached
    const running = this.#inFlight.get(key)
    if (running) return running
    let settle!: (outcome: RpcOutcome) => void
    const promise = new Promise<RpcOutcome>((resolve) => {
      settle = resolve
    })
    this.#inFlight.set(key, promise)
    toSend.push({ key, method, params: params ?? [], settle })
    return promise
  }

  /** Sends the calls upstream as one request (a batch when more than one) and settles each. */
  async #send(calls: PendingCall[]): Promise<void> {
    const single = calls.length === 1
    const payload = single
      ? JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: calls[0]?.method,
          params: calls[0]?.params,
        })
      : JSON.stringify(
          calls.map((call, index) => ({
            jsonrpc: '2.0',
            id: index,
            method: call.method,
            params: call.params,
          })),
        )
    let answers: UpstreamAnswer[] | undefined
    let failure: RpcOutcome | undefined
    try {
      const body = await postToUpstreams(this.#urls, payload, this.#timeoutMs, this.#circuits)
      if (Array.isArray(body)) answers = body as UpstreamAnswer[]
      else if (single) answers = [body as UpstreamAnswer]
      else if (body && typeof body === 'object' && 'error' in body) {
        // An upstream that refuses the whole batch answers one error: it is every call's answer.
        failure = { error: (body as UpstreamAnswer).error as JsonRpcError }
      } else failure = internalError('Upstream answered a batch with something else')
    } catch (error) {
      failure = internalError(error instanceof Error ? error.message : String(error))
      if (error instanceof UpstreamUnavailableError) {
        unavailableErrors.add((failure as { error: JsonRpcError }).error)
      }
    }
    const byId: Array<UpstreamAnswer | undefined> = new Array(calls.length)
    if (answers) {
      for (const answer of answers) {
        const id = single ? 0 : answer?.id
        if (typeof id === 'number' && id >= 0 && id < calls.length) byId[id] = answer
      }
    }
    for (let index = 0; index < calls.length; index++) {
      const call = calls[index] as PendingCall
      this.#inFlight.delete(call.key)
      const answer = byId[index]
      let outcome: RpcOutcome
      if (failure) outcome = failure
      else if (!answer) outcome = internalError('Upstream gave no answer to this call')
      else if (answer.error) outcome = { error: answer.error }
      else if ('result' in answer) {
        outcome = { result: answer.result }
        if (this.#methods.isImmutable(call.method, answer.result))
          this.#cache.set(call.key, outcome)
      } else outcome = internalError('Upstream answer has neither result nor error')
      call.settle(outcome)
    }
  }
}
