import { HISTORY_PAGE_SIZE, type HistoryResponse } from '@latch/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../../db/index.ts'
import { HttpError } from '../../../errors.ts'
import type { SolanaChainClient } from '../clients.ts'
import { decodeSolanaCursor, encodeSolanaCursor } from './cursor.ts'
import { describeSolanaTransaction } from './describe.ts'
import { readSolanaPage } from './store.ts'
import { syncSolanaAddress } from './sync.ts'

/**
 * History of Solana addresses. The first page of a request brings the stored history up to the
 * chain first (one sync per address and chain at a time on this instance); later pages read what
 * that sync stored, so paging through is consistent. A chain that does not answer is logged and
 * its stored history served.
 */
export class SolanaHistory {
  readonly #db: Database
  readonly #chains: ReadonlyMap<string, SolanaChainClient>
  readonly #log: FastifyBaseLogger
  readonly #syncing = new Map<string, Promise<void>>()

  constructor(deps: {
    db: Database
    chains: ReadonlyMap<string, SolanaChainClient>
    log: FastifyBaseLogger
  }) {
    this.#db = deps.db
    this.#chains = deps.chains
    this.#log = deps.log
  }

  async page(
    address: string,
    query: { chainId?: string; cursor?: string },
    iconUrl: (symbol: string) => string,
  ): Promise<HistoryResponse> {
    const chains = query.chainId
      ? [this.#chains.get(query.chainId)].filter((chain) => chain !== undefined)
      : [...this.#chains.values()]
    if (chains.length === 0) throw new HttpError(400, `Unsupported chain ${query.chainId}`)
    const before = query.cursor === undefined ? undefined : decodeSolanaCursor(query.cursor)
    if (query.cursor !== undefined && !before)
      throw new HttpError(400, 'querystring.cursor: cursor is not one this server gave out')
    if (!before) await Promise.all(chains.map((chain) => this.#sync(chain, address)))

    const rows = await readSolanaPage(this.#db, {
      chains: chains.map((chain) => chain.caipNetworkId),
      address,
      before,
      limit: HISTORY_PAGE_SIZE + 1,
    })
    const page = rows.slice(0, HISTORY_PAGE_SIZE)
    const last = page.at(-1)
    return {
      data: page.map((row) =>
        describeSolanaTransaction(
          row,
          address,
          (this.#chains.get(row.chain) as SolanaChainClient).config,
          iconUrl,
        ),
      ),
      next: rows.length > HISTORY_PAGE_SIZE && last ? encodeSolanaCursor(last) : null,
    }
  }

  #sync(chain: SolanaChainClient, address: string): Promise<void> {
    const key = `${chain.caipNetworkId} ${address}`
    let running = this.#syncing.get(key)
    if (!running) {
      running = syncSolanaAddress(this.#db, chain, address)
        .catch((error: unknown) => {
          this.#log.warn({ err: error, chain: chain.caipNetworkId }, 'Solana history sync failed')
        })
        .finally(() => this.#syncing.delete(key))
      this.#syncing.set(key, running)
    }
    return running
  }
}
