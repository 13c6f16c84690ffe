import type { Database } from '../../../db/index.ts'
import type { PolkadotChainClient } from '../clients.ts'
import { readPolkadotBlock } from './readBlock.ts'
import { nextBlock, startAt, storeBlock } from './store.ts'

type Log = { warn(details: object, message: string): void }

/**
 * Indexes one Polkadot chain's finalized blocks into PostgreSQL, in order, resuming at the stored
 * cursor: on a timer, and at once when a caller asks (`catchUp`, shared by callers meanwhile).
 * Finalized blocks only, so nothing it stores is ever undone by a fork.
 */
export class PolkadotIndexer {
  readonly #chain: PolkadotChainClient
  readonly #db: Database
  readonly #log: Log
  readonly #pollMs: number
  #running: Promise<void> | undefined
  #timer: NodeJS.Timeout | undefined
  #stopped = false

  constructor(deps: { chain: PolkadotChainClient; db: Database; log: Log; pollMs: number }) {
    this.#chain = deps.chain
    this.#db = deps.db
    this.#log = deps.log
    this.#pollMs = deps.pollMs
  }

  start(): void {
    const tick = () => {
      if (this.#stopped) return
      this.catchUp()
        .catch((error: unknown) =>
          this.#log.warn(
            { err: error, chain: this.#chain.caipNetworkId },
            'polkadot indexing failed',
          ),
        )
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(tick, this.#pollMs)
        })
    }
    tick()
  }

  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
    await this.#running?.catch(() => {})
  }

  /** Reads every finalized block past the cursor; one run at a time, shared by every caller. */
  catchUp(): Promise<void> {
    this.#running ??= this.#run().finally(() => {
      this.#running = undefined
    })
    return this.#running
  }

  async #run(): Promise<void> {
    const chain = this.#chain.caipNetworkId
    const api = await this.#chain.api()
    const finalized = (
      await api.rpc.chain.getHeader(await api.rpc.chain.getFinalizedHead())
    ).number.toNumber()
    let next = await nextBlock(this.#db, chain)
    if (next === undefined) {
      await startAt(this.#db, chain, this.#chain.config.historyFromBlock ?? finalized)
      next = (await nextBlock(this.#db, chain)) as number
    }
    for (let number = next; number <= finalized && !this.#stopped; number++) {
      const block = await readPolkadotBlock(api, number)
      await storeBlock(this.#db, chain, block)
    }
  }
}
