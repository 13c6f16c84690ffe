import { HttpRequestError, TimeoutError } from 'viem'
import { type RequestDeadline, requestDeadline } from './requestDeadline.ts'
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
 * The request's time for its upstream calls (RPC_TIMEOUT_MS from its arrival, for all of them)
 * ran out before this one answered: to the caller an outage (a 503), as a timeout of the call is.
 */
export class RequestDeadlineError extends UpstreamDownError {
  override name = 'RequestDeadlineError'
  constructor(deadline: RequestDeadline) {
    super(`timed out after ${deadline.timeoutMs} ms`)
  }
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

/**
 * Whether `error` is this instance's own limit (its bound on calls waiting, or the request's
 * time running out) rather than anything the upstream did: no verdict on the upstream. Looks
 * through viem's wrapped causes.
 */
export function isCutShort(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if (cause instanceof UpstreamBusyError || cause instanceof RequestDeadlineError) return true
  return false
}

type Circuit = {
  down: boolean
  probe: Promise<void> | undefined
  slots: UpstreamSlots
  /** When a call last got its answer (performance.now()). */
  answeredAt: number
}

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

  /**
   * Runs `call` to `url`, or waits for a probe of it to answer first when it is down. Within a
   * request, every wait and the call end at the request's deadline with a RequestDeadlineError;
   * a call cut short still holds its slot until it settles, so the bound on calls running holds.
   */
  async through<Result>(
    url: string,
    call: () => Promise<Result>,
    options: { isOutage?: (error: unknown) => boolean; failFast?: boolean } = {},
  ): Promise<Result> {
    const isOutage = options.isOutage ?? isUpstreamOutage
    const circuit = this.#circuitOf(url)
    const deadline = requestDeadline()
    if (deadline && msLeft(deadline) <= 0) throw new RequestDeadlineError(deadline)
    for (;;) {
      if (circuit.down && circuit.probe) {
        if (!options.failFast) await byDeadline(circuit.probe, deadline)
        if (circuit.down)
          throw new UpstreamDownError(
            'did not answer its last call; waiting for it to answer again',
          )
      }
      await this.#acquire(circuit.slots, deadline)
      // Another call became the down upstream's probe while this one waited for a slot: this one
      // waits for that probe's answer, as it would have had it arrived a moment later.
      if (!(circuit.down && circuit.probe)) break
      circuit.slots.release()
    }
    let endProbe: (() => void) | undefined
    if (circuit.down) {
      const probe = new Promise<void>((resolve) => {
        endProbe = () => {
          endProbe = undefined
          if (circuit.probe === probe) circuit.probe = undefined
          resolve()
        }
      })
      circuit.probe = probe
    }
    const settled = (async () => {
      try {
        const result = await call()
        circuit.down = false
        circuit.answeredAt = performance.now()
        return result
      } catch (error) {
        // An answer, even an error, means the upstream is there.
        circuit.down = isOutage(error)
        throw error
      } finally {
        circuit.slots.release()
        endProbe?.()
      }
    })()
    return byDeadline(settled, deadline, () => {
      // Unanswered for all the time its request had: down for the calls after it, as a timeout
      // makes it (its own answer still counts if it comes), and the calls waiting on it as a
      // probe go on at once instead of after it.
      circuit.down = true
      endProbe?.()
    })
  }

  /**
   * Runs `call` within `upstream`'s bound on calls running and waiting (the same UPSTREAM_MAX_*
   * as a chain's), without the circuit: for upstreams other than a chain's JSON-RPC over HTTP (a
   * price API, an NFT metadata host, a Polkadot node's socket), so a slow one holds at most
   * that many of this instance's calls. Past the bound: an UpstreamBusyError at once.
   */
  async bounded<Result>(upstream: string, call: () => Promise<Result>): Promise<Result> {
    const { slots } = this.#circuitOf(upstream)
    const deadline = requestDeadline()
    if (deadline && msLeft(deadline) <= 0) throw new RequestDeadlineError(deadline)
    await this.#acquire(slots, deadline)
    const settled = (async () => {
      try {
        return await call()
      } finally {
        slots.release()
      }
    })()
    return byDeadline(settled, deadline)
  }

  /** Whether `url`'s last call went unanswered, no call to it having got an answer since. */
  isDown(url: string): boolean {
    return this.#circuits.get(url)?.down ?? false
  }

  /** When a call to `url` last got its answer (performance.now()); -Infinity if none has. */
  answeredAt(url: string): number {
    return this.#circuits.get(url)?.answeredAt ?? Number.NEGATIVE_INFINITY
  }

  /** A slot, waited for no longer than the request has left; else busy, or out of time. */
  async #acquire(slots: UpstreamSlots, deadline: RequestDeadline | undefined): Promise<void> {
    if (await slots.acquire(deadline && msLeft(deadline))) return
    if (deadline && msLeft(deadline) <= 0) throw new RequestDeadlineError(deadline)
    throw new UpstreamBusyError(BUSY_MESSAGE)
  }

  #circuitOf(url: string): Circuit {
    let circuit = this.#circuits.get(url)
    if (!circuit) {
      circuit = {
        down: false,
        probe: undefined,
        slots: new UpstreamSlots(this.#limits),
        answeredAt: Number.NEGATIVE_INFINITY,
      }
      this.#circuits.set(url, circuit)
    }
    return circuit
  }
}

const msLeft = (deadline: RequestDeadline) => deadline.endsAt - performance.now()

/**
 * `pending`, or a RequestDeadlineError once `deadline` passes, `onLate` called first (`pending`
 * as it is outside a request). What is cut short goes on, its outcome left to its own handlers.
 */
function byDeadline<Result>(
  pending: Promise<Result>,
  deadline: RequestDeadline | undefined,
  onLate?: () => void,
): Promise<Result> {
  if (!deadline) return pending
  pending.catch(() => {})
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        onLate?.()
        reject(new RequestDeadlineError(deadline))
      },
      Math.max(0, msLeft(deadline)),
    )
  })
  return Promise.race([pending, late]).finally(() => clearTimeout(timer))
}
