import { HttpRequestError, TimeoutError } from 'viem'
import { DEFAULT_UPSTREAM_SLOTS, type UpstreamSlotLimits, UpstreamSlots } from './upstreamSlots.ts'

/** An upstream that did not answer its last call is not sent another until a probe gets through. */
export class UpstreamDownError extends Error {
  override name = 'UpstreamDownError'
}

/**
 * Too many calls already run and wait on the upstream: this one is turned away at once. An
 * outage to the caller (a 503), so a slow upstream costs the server a bounded number of calls.
 */
export class UpstreamBusyError extends UpstreamDownError {
  override name = 'UpstreamBusyError'
}

/**
 * Whether `error` says the upstream itself failed (a timeout, a refused or dropped connection,
 * HTTP 5xx or 429), as opposed to an answer it gave (a revert, an RPC error): only the first
 * means the chain is unavailable. Looks through viem's wrapped causes.
 */
export function isUpstreamOutage(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof UpstreamDownError || cause instanceof TimeoutError) return true
    if (cause instanceof HttpRequestError)
      return cause.status === undefined || cause.status >= 500 || cause.status === 429
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') return true
  }
  return false
}

type Circuit = { down: boolean; probe: Promise<void> | undefined; slots: UpstreamSlots }

const BUSY_MESSAGE = 'is busy: too many calls are waiting for it; try again shortly'

/** What a caller of an upstream that is not a chain's JSON-RPC needs of the server's circuits. */
export type UpstreamBounds = Pick<UpstreamCircuits, 'bounded'>

/**
 * The health of each upstream URL, shared by the chain clients and the JSON-RPC gateway. While an
 * upstream answers, every call goes to it. Once a call failed for want of an answer, the upstream
 * is down: one call at a time goes to it as a probe, and the others wait for that probe (so none
 * waits longer than one RPC timeout) and then go on if it got an answer, or fail with an
 * UpstreamDownError if not. `failFast` calls (a URL with a fallback after it) fail at once instead.
 *
 * Without this, calls pile up on a frozen node, each waiting out the timeout (viem's retries made
 * that four timeouts), and the node wakes up to a backlog of calls nobody waits for any more,
 * which slowed the first answers after it recovered.
 */
export class UpstreamCircuits {
  readonly #circuits = new Map<string, Circuit>()
  readonly #limits: UpstreamSlotLimits

  /** `limits`: the calls one upstream may have running and waiting (UPSTREAM_MAX_*). */
  constructor(limits: UpstreamSlotLimits = DEFAULT_UPSTREAM_SLOTS) {
    this.#limits = limits
  }

  /** Runs `call` to `url`, or waits for a probe of it to answer first when it is down. */
  async through<Result>(
    url: string,
    call: () => Promise<Result>,
    options: { isOutage?: (error: unknown) => boolean; failFast?: boolean } = {},
  ): Promise<Result> {
    const isOutage = options.isOutage ?? isUpstreamOutage
    const circuit = this.#circuitOf(url)
    for (;;) {
      if (circuit.down && circuit.probe) {
        if (!options.failFast) await circuit.probe
        if (circuit.down)
          throw new UpstreamDownError(
            'did not answer its last call; waiting for it to answer again',
          )
      }
      if (!(await circuit.slots.acquire())) throw new UpstreamBusyError(BUSY_MESSAGE)
      // Another call became the down upstream's probe while this one waited for a slot: this one
      // waits for that probe's answer, as it would have had it arrived a moment later.
      if (!(circuit.down && circuit.probe)) break
      circuit.slots.release()
    }
    let probeDone: (() => void) | undefined
    if (circuit.down) circuit.probe = new Promise<void>((resolve) => (probeDone = resolve))
    try {
      const result = await call()
      circuit.down = false
      return result
    } catch (error) {
      // An answer, even an error, means the upstream is there.
      circuit.down = isOutage(error)
      throw error
    } finally {
      circuit.slots.release()
      if (probeDone) {
        circuit.probe = undefined
        probeDone()
      }
    }
  }

  /**
   * Runs `call` within `upstream`'s bound on calls running and waiting (the same UPSTREAM_MAX_*
   * as a chain's), without the circuit: for upstreams other than a chain's JSON-RPC over HTTP (a
   * price API, an NFT metadata host, a Polkadot node's socket), so a slow one holds at most
   * that many of this instance's calls. Past the bound: an UpstreamBusyError at once.
   */
  async bounded<Result>(upstream: string, call: () => Promise<Result>): Promise<Result> {
    const { slots } = this.#circuitOf(upstream)
    if (!(await slots.acquire())) throw new UpstreamBusyError(BUSY_MESSAGE)
    try {
      return await call()
    } finally {
      slots.release()
    }
  }

  #circuitOf(url: string): Circuit {
    let circuit = this.#circuits.get(url)
    if (!circuit) {
      circuit = { down: false, probe: undefined, slots: new UpstreamSlots(this.#limits) }
      this.#circuits.set(url, circuit)
    }
    return circuit
  }
}
