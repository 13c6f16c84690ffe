import type { FastifyBaseLogger } from 'fastify'
import { getAbiItem } from 'viem'
import { entryPoint08Abi, entryPoint08Address } from 'viem/account-abstraction'
import type { ChainClient } from '../chains/clients.ts'
import type { Database } from '../db/index.ts'
import {
  SPONSORSHIP_RELEASE_GRACE_MS,
  SPONSORSHIP_SETTLE_BATCH,
  SPONSORSHIP_SETTLE_POLL_MS,
} from './constants.ts'
import { openSponsorships, recordSpent, releaseExpired } from './store.ts'

const USER_OPERATION_EVENT = getAbiItem({ abi: entryPoint08Abi, name: 'UserOperationEvent' })

export type SettleResult = { recorded: number; released: number }

export type SettlerOptions = {
  db: Database
  /** The chains whose paymaster the server signs for. */
  chains: readonly ChainClient[]
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
  now?: () => Date
  pollMs?: number
}

/**
 * Records what sponsored operations cost once they land: reads the EntryPoint's
 * UserOperationEvent of each open reservation from the chain (what it charged the paymaster),
 * and releases reservations that can no longer land. Every instance may run one: recording is a
 * conditional update, so an operation is counted once however many see it.
 */
export class SponsorshipSettler {
  readonly #options: SettlerOptions
  readonly #now: () => Date
  #timer: NodeJS.Timeout | undefined
  #running: Promise<unknown> | undefined
  #stopped = false
  #failing: string | undefined

  constructor(options: SettlerOptions) {
    this.#options = options
    this.#now = options.now ?? (() => new Date())
  }

  start(): void {
    this.#schedule()
  }

  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#running
  }

  #schedule(): void {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      this.#running = this.settle()
        .then(() => {
          if (this.#failing) this.#options.log.info('sponsorship settling recovered')
          this.#failing = undefined
        })
        .catch((error: unknown) => {
          const cause = error instanceof Error ? error.message : String(error)
          if (cause !== this.#failing)
            this.#options.log.warn({ err: error }, 'sponsorship settling failed; retrying')
          this.#failing = cause
        })
        .finally(() => {
          this.#running = undefined
          this.#schedule()
        })
    }, this.#options.pollMs ?? SPONSORSHIP_SETTLE_POLL_MS)
  }

  /** One pass over every chain: what landed is recorded, what expired is released. */
  async settle(): Promise<SettleResult> {
    const total: SettleResult = { recorded: 0, released: 0 }
    for (const chain of this.#options.chains) {
      const result = await this.#settleChain(chain)
      total.recorded += result.recorded
      total.released += result.released
    }
    return total
  }

  async #settleChain(chain: ChainClient): Promise<SettleResult> {
    const { db } = this.#options
    const chainId = chain.config.chainId
    const open = await openSponsorships(db, chainId, SPONSORSHIP_SETTLE_BATCH)
    if (open.length === 0) return { recorded: 0, released: 0 }
    const toBlock = await chain.client.getBlockNumber()
    const fromBlock = open.reduce(
      (lowest, sponsorship) => (sponsorship.fromBlock < lowest ? sponsorship.fromBlock : lowest),
      toBlock,
    )
    const logs = await chain.client.getLogs({
      address: entryPoint08Address,
      event: USER_OPERATION_EVENT,
      args: { userOpHash: open.map((sponsorship) => sponsorship.userOpHash) },
      fromBlock,
      toBlock,
    })
    let recorded = 0
    const landed = new Set<string>()
    for (const log of logs) {
      const { userOpHash, actualGasCost } = log.args
      if (!userOpHash || actualGasCost === undefined || !log.transactionHash) continue
      landed.add(userOpHash.toLowerCase())
      const now = this.#now()
      const counted = await recordSpent(db, {
        chainId,
        userOpHash,
        actualCostWei: actualGasCost,
        txHash: log.transactionHash,
        now,
      })
      if (counted) recorded++
    }
    // Looked for up to `toBlock` after its window closed: it cannot land any more.
    const cutoff = this.#now().getTime() - SPONSORSHIP_RELEASE_GRACE_MS
    const expired = open.filter(
      (sponsorship) =>
        !landed.has(sponsorship.userOpHash.toLowerCase()) &&
        sponsorship.validUntil.getTime() < cutoff,
    )
    const released = await releaseExpired(
      db,
      chainId,
      expired.map((sponsorship) => sponsorship.userOpHash),
      this.#now(),
    )
    return { recorded, released }
  }
}
