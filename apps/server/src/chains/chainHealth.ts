import type { HealthResponse } from '@latch/protocol'
import type { ChainClient } from './clients.ts'
import { outsideRequest } from './requestDeadline.ts'
import type { UpstreamCircuits } from './upstreamCircuits.ts'

/**
 * A block number not back within this is a chain reported down: a node answers it in
 * milliseconds, a provider across the world in a few hundred.
 */
export const CHAIN_CHECK_HUNG_MS = 2_000

export type ChainHealthState = HealthResponse['chains'][number]

type Checked = { blockNumber: bigint } | { error: unknown }

/**
 * What /health says of one chain, at once and from what the instance knows already: the last
 * block number check, made in the background (`refresh`) and never waited for, and its URLs'
 * circuits, which every call to the chain updates. Down: a check unanswered for
 * CHAIN_CHECK_HUNG_MS, every URL's last call unanswered, or a failed check with no call answered
 * since. Up: the last check's block number, or a call answered since the check failed.
 */
export class ChainHealth {
  readonly #chain: ChainClient
  readonly #circuits: Pick<UpstreamCircuits, 'isDown' | 'answeredAt'>
  #checked: Checked | undefined
  #settledAt = Number.NEGATIVE_INFINITY
  #running: { startedAt: number; done: Promise<void> } | undefined

  constructor(chain: ChainClient, circuits: Pick<UpstreamCircuits, 'isDown' | 'answeredAt'>) {
    this.#chain = chain
    this.#circuits = circuits
  }

  /**
   * Starts a check of the chain's block number in the background unless one runs (one at a time,
   * however often /health is asked); resolves when the check running ends.
   */
  refresh(): Promise<void> {
    if (this.#running) return this.#running.done
    // Not bound by the deadline of the request that asked: the check outlives it.
    const check = outsideRequest(() => this.#chain.client.getBlockNumber({ cacheTime: 0 }))
    const done = check.then(
      (blockNumber) => this.#settle({ blockNumber }),
      (error: unknown) => this.#settle({ error }),
    )
    this.#running = { startedAt: performance.now(), done }
    return done
  }

  /** The chain as last known; see the class's rule. */
  state(): ChainHealthState {
    const { caipNetworkId } = this.#chain
    const { rpcUrls } = this.#chain.config
    const unavailable = (why: string) => ({
      caipNetworkId,
      ok: false,
      error: `RPC unavailable: ${why}`,
    })
    const runningMs = this.#running ? performance.now() - this.#running.startedAt : 0
    if (runningMs > CHAIN_CHECK_HUNG_MS)
      return unavailable(`no block number in ${Math.round(runningMs)} ms`)
    const failure = this.#checked && 'error' in this.#checked ? this.#checked.error : undefined
    if (rpcUrls.every((url) => this.#circuits.isDown(url)))
      return unavailable(
        failure === undefined ? 'did not answer its last call' : firstLine(failure),
      )
    if (!this.#checked) return unavailable('not checked yet')
    if ('blockNumber' in this.#checked)
      return { caipNetworkId, ok: true, blockNumber: this.#checked.blockNumber.toString() }
    // The check failed, and a call has got its answer since: the chain is back.
    if (rpcUrls.some((url) => this.#circuits.answeredAt(url) > this.#settledAt))
      return { caipNetworkId, ok: true }
    return unavailable(firstLine(failure))
  }

  #settle(checked: Checked): void {
    this.#checked = checked
    this.#settledAt = performance.now()
    this.#running = undefined
  }
}

/** What failed, in one line: never the rest of viem's message, which names the URL (and its key). */
function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error)
}
