import { HISTORY_PAGE_SIZE, type HistoryResponse, isBitcoinAddress } from '@latch/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../../db/index.ts'
import { HttpError } from '../../../errors.ts'
import { requireBitcoinAddress } from '../address.ts'
import type { BitcoinChainClient } from '../clients.ts'
import { decodeBitcoinCursor, encodeBitcoinCursor } from './cursor.ts'
import { describeBitcoinTransaction, describePendingTransaction } from './describe.ts'
import { readBitcoinPage } from './store.ts'
import { syncBitcoinAddress } from './sync.ts'

/**
 * History of Bitcoin addresses. The first page of a request brings the stored history up to the
 * chain first (one sync per address and chain at a time on this instance) and puts the address's
 * mempool transactions on top, pending; later pages read what that sync stored, so paging through
 * is consistent. A chain that does not answer is logged and its stored history served.
 */
export class BitcoinHistory {
  readonly #db: Database
  readonly #chains: ReadonlyMap<string, BitcoinChainClient>
  readonly #log: FastifyBaseLogger
  readonly #syncing = new Map<string, ReturnType<typeof syncBitcoinAddress>>()

  constructor(deps: {
    db: Database
    chains: ReadonlyMap<string, BitcoinChainClient>
    log: FastifyBaseLogger
  }) {
    this.#db = deps.db
    this.#chains = deps.chains
    this.#log = deps.log
  }

  /** Whether `chainId` is a Bitcoin network of this server. */
  serves(chainId: string): boolean {
    return this.#chains.has(chainId)
  }

  async page(
    address: string,
    query: { chainId?: string; cursor?: string },
    iconUrl: (symbol: string) => string,
    now = Date.now(),
  ): Promise<HistoryResponse> {
    const asked = query.chainId ? this.#chains.get(query.chainId) : undefined
    if (query.chainId && !asked) throw new HttpError(400, `Unsupported chain ${query.chainId}`)
    if (asked) requireBitcoinAddress(asked, address)
    // Without a chainId: every network the address can be on (a base58 test address is regtest's too).
    const chains = asked
      ? [asked]
      : [...this.#chains.values()].filter((chain) => isBitcoinAddress(address, chain.network))
    if (chains.length === 0)
      throw new HttpError(400, `No configured Bitcoin network takes the address ${address}`)
    const before = query.cursor === undefined ? undefined : decodeBitcoinCursor(query.cursor)
    if (query.cursor !== undefined && !before)
      throw new HttpError(400, 'querystring.cursor: cursor is not one this server gave out')

    const pending = before
      ? []
      : (await Promise.all(chains.map((chain) => this.#sync(chain, address)))).flatMap(
          ({ chain, mempool }) =>
            mempool.map((tx) =>
              describePendingTransaction(
                tx,
                chain.caipNetworkId,
                address,
                chain.config,
                iconUrl,
                now,
              ),
            ),
        )
    const rows = await readBitcoinPage(this.#db, {
      chains: chains.map((chain) => chain.caipNetworkId),
      address,
      before,
      limit: HISTORY_PAGE_SIZE + 1,
    })
    const page = rows.slice(0, HISTORY_PAGE_SIZE)
    const last = page.at(-1)
    return {
      data: [
        ...pending,
        ...page.map((row) =>
          describeBitcoinTransaction(
            { ...row, time: row.blockTime, status: 'confirmed' },
            address,
            (this.#chains.get(row.chain) as BitcoinChainClient).config,
            iconUrl,
          ),
        ),
      ],
      next:
        rows.length > HISTORY_PAGE_SIZE && last
          ? encodeBitcoinCursor({ height: last.blockHeight, seq: last.seq })
          : null,
    }
  }

  async #sync(chain: BitcoinChainClient, address: string) {
    const key = `${chain.caipNetworkId} ${address}`
    let running = this.#syncing.get(key)
    if (!running) {
      running = syncBitcoinAddress(this.#db, chain, address)
        .catch((error: unknown) => {
          this.#log.warn({ err: error, chain: chain.caipNetworkId }, 'Bitcoin history sync failed')
          return { mempool: [] }
        })
        .finally(() => this.#syncing.delete(key))
      this.#syncing.set(key, running)
    }
    return { chain, ...(await running) }
  }
}
