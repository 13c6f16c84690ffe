import type { FastifyBaseLogger } from 'fastify'
import type { ChainConfig } from '../chains/chainConfig.ts'
import type { DatabaseConfig } from '../db/config.ts'
import type { Database } from '../db/index.ts'
import type { RpcConfig } from '../rpc/config.ts'
import type { IndexerConfig } from './config.ts'
import { ChainMovedError, type ReadContext, readRange } from './readRange.ts'
import { createIndexerRpc, type IndexerRpc, toQuantity } from './rpc.ts'
import { type IndexerSession, openIndexerSession } from './session.ts'
import { type Checkpoint, readCheckpoint, readRecentBlocks, writeRange } from './store.ts'
import { trackedTokens } from './tokens.ts'

export type IndexerLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>

export type ChainIndexerOptions = {
  chain: ChainConfig
  /** Opens the connection the indexer locks the chain and writes through (see session.ts). */
  openSession: () => Promise<IndexerSession>
  /** Pause between polls; also how often an instance without the lock tries to take it. */
  pollMs: number
  /** Recent blocks whose hashes are kept and compared with the chain's for a reorg. */
  confirmations: number
  rpcTimeoutMs: number
  /** Blocks read and written per step (one database transaction). Default 100. */
  blocksPerStep?: number
  log: IndexerLog
}

/** Where the next step starts, and the block it must follow (null: nothing to follow). */
type Resume = { from: number; parent: Checkpoint | null; rewinding: boolean }

/** How often a step is retried in one poll when the chain moved under its read. */
const MAX_CHAIN_MOVES = 3

/**
 * Follows one chain into the history tables: polls for new blocks, writes them a step at a time
 * with the checkpoint in the same transaction, and rewinds to the fork point on a reorg. Only the
 * holder of the chain's advisory lock indexes; other instances retry the lock on every poll.
 */
export class ChainIndexer {
  readonly chainId: number
  private readonly options: ChainIndexerOptions
  private readonly abort = new AbortController()
  private readonly rpc: IndexerRpc
  private readonly context: ReadContext
  private readonly lockName: string
  private session: IndexerSession | undefined
  private holdsLock = false
  private stopped = false
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  /** The error the last poll failed with, if it failed. */
  private failing: string | undefined

  constructor(options: ChainIndexerOptions) {
    this.options = options
    this.chainId = options.chain.chainId
    this.lockName = `latch-indexer:${this.chainId}`
    this.rpc = createIndexerRpc(options.chain.rpcUrls, {
      timeoutMs: options.rpcTimeoutMs,
      signal: this.abort.signal,
    })
    this.context = {
      tokens: trackedTokens(options.chain),
      router: options.chain.uniswapV2?.router.toLowerCase(),
      weth: options.chain.uniswapV2?.weth.toLowerCase(),
      useTraces: true,
      nftContracts: options.chain.nfts?.contracts?.map((address) => address.toLowerCase()),
    }
  }

  start(): void {
    this.schedule(0)
  }

  /** Stops polling, cancels RPC calls in flight, waits for the step under way, drops the lock. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    this.abort.abort()
    await this.running
    await this.dropSession()
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      this.running = this.poll().finally(() => {
        this.running = undefined
        this.schedule(this.options.pollMs)
      })
    }, delayMs)
  }

  private async poll(): Promise<void> {
    try {
      if (this.session && !this.session.healthy) await this.dropSession()
      this.session ??= await this.options.openSession()
      if (!this.holdsLock) this.holdsLock = await this.session.tryLock(this.lockName)
      if (this.holdsLock) await this.catchUp(this.session)
      if (this.failing) this.options.log.info({ chainId: this.chainId }, 'indexer recovered')
      this.failing = undefined
    } catch (error) {
      if (this.stopped) return
      // Said once per cause, not once a poll while a node or the database stays down.
      const cause = error instanceof Error ? error.message : String(error)
      if (cause !== this.failing) {
        this.options.log.warn({ err: error, chainId: this.chainId }, 'indexer poll failed')
      }
      this.failing = cause
      if (this.session && !this.session.healthy) await this.dropSession()
    }
  }

  private async dropSession(): Promise<void> {
    const session = this.session
    this.session = undefined
    this.holdsLock = false
    await session?.close()
  }

  /** Steps until the checkpoint is the chain's head. */
  private async catchUp(session: IndexerSession): Promise<void> {
    const step = this.options.blocksPerStep ?? 100
    let chainMoves = 0
    while (!this.stopped) {
      const checkpoint = await readCheckpoint(session, this.chainId)
      const [headQuantity, atCheckpoint] = await this.rpc.all<string | { hash: string } | null>([
        { method: 'eth_blockNumber', params: [] },
        ...(checkpoint
          ? [
              {
                method: 'eth_getBlockByNumber',
                params: [toQuantity(checkpoint.blockNumber), false],
              },
            ]
          : []),
      ])
      const head = Number(headQuantity)
      const resume: Resume = !checkpoint
        ? { from: this.options.chain.indexFromBlock ?? 0, parent: null, rewinding: false }
        : (atCheckpoint as { hash: string } | null)?.hash.toLowerCase() === checkpoint.blockHash
          ? { from: checkpoint.blockNumber + 1, parent: checkpoint, rewinding: false }
          : await this.findForkPoint(session, checkpoint)
      if (resume.from > head && !resume.rewinding) return
      const to = Math.min(head, resume.from + step - 1)
      try {
        const read =
          to >= resume.from
            ? await readRange(this.rpc, this.context, resume.from, to)
            : { blocks: [], tracesUnsupported: false }
        if (read.tracesUnsupported && this.context.useTraces) {
          this.context.useTraces = false
          this.options.log.warn(
            { chainId: this.chainId },
            'the node refuses debug_traceTransaction: ether a router forwards is taken from WETH withdrawals',
          )
        }
        const first = read.blocks[0]
        if (first && resume.parent && first.parentHash !== resume.parent.blockHash) {
          throw new ChainMovedError(`block ${first.number} does not follow the checkpoint`)
        }
        const last = read.blocks.at(-1)
        await session.transaction((tx) =>
          writeRange(tx, {
            chainId: this.chainId,
            expected: checkpoint,
            from: resume.from,
            blocks: read.blocks,
            next: last ? { blockNumber: last.number, blockHash: last.hash } : resume.parent,
            keepBlocks: this.options.confirmations,
          }),
        )
        if (resume.rewinding) {
          this.options.log.info(
            { chainId: this.chainId, forkBlock: resume.from, head },
            'reorg: rows from the fork point replaced',
          )
        }
        chainMoves = 0
        if (to >= head) return
      } catch (error) {
        if (!(error instanceof ChainMovedError) || ++chainMoves > MAX_CHAIN_MOVES) throw error
      }
    }
  }

  /**
   * The checkpoint's block is no longer on the chain: the newest kept block that still is marks
   * the fork. When none is (a reorg deeper than `confirmations`), everything is indexed again.
   */
  private async findForkPoint(session: IndexerSession, checkpoint: Checkpoint): Promise<Resume> {
    const kept = await readRecentBlocks(session, this.chainId)
    const onChain = await this.rpc.all<{ hash: string } | null>(
      kept.map((block) => ({
        method: 'eth_getBlockByNumber',
        params: [toQuantity(block.blockNumber), false],
      })),
    )
    for (let index = kept.length - 1; index >= 0; index--) {
      const block = kept[index] as Checkpoint
      if (onChain[index]?.hash.toLowerCase() === block.blockHash) {
        return { from: block.blockNumber + 1, parent: block, rewinding: true }
      }
    }
    const from = this.options.chain.indexFromBlock ?? 0
    this.options.log.warn(
      { chainId: this.chainId, checkpoint: checkpoint.blockNumber, confirmations: kept.length },
      'reorg deeper than INDEXER_CONFIRMATIONS: indexing the chain again',
    )
    return { from, parent: null, rewinding: true }
  }
}

export type Indexers = {
  indexers: ChainIndexer[]
  /** Stops every chain's indexer; resolves once no timer, RPC call or lock is left. */
  stop(): Promise<void>
}

/** Starts one indexer per configured chain. */
export function startIndexers(deps: {
  config: {
    chains: readonly ChainConfig[]
    database: DatabaseConfig
    indexer: Pick<IndexerConfig, 'pollMs' | 'confirmations'>
    rpc: Pick<RpcConfig, 'timeoutMs'>
  }
  db: Database
  log: IndexerLog
}): Indexers {
  const { config, db, log } = deps
  const indexers = config.chains.map(
    (chain) =>
      new ChainIndexer({
        chain,
        openSession: () => openIndexerSession(config.database, db),
        pollMs: config.indexer.pollMs,
        confirmations: config.indexer.confirmations,
        rpcTimeoutMs: config.rpc.timeoutMs,
        log,
      }),
  )
  for (const indexer of indexers) indexer.start()
  return {
    indexers,
    stop: async () => {
      await Promise.all(indexers.map((indexer) => indexer.stop()))
    },
  }
}
