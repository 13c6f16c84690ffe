/**
 * Run by restart.test.ts in a child process: indexes the chains of LATCH_CHAINS (JSON, as the
 * server's config takes them) into the migrated PostgreSQL database at DATABASE_URL,
 * `blocksPerStep` blocks a step, and prints `indexing` once started. SIGTERM stops it cleanly;
 * the test also kills it with SIGKILL. It imports no more than the indexer, to start fast.
 */
import pino from 'pino'
import type { ChainConfig } from '../chains/chainConfig.ts'
import { ChainIndexer } from './indexer.ts'
import { openPostgresSession } from './session.ts'

const blocksPerStep = Number(process.argv[2] ?? 100)
const url = process.env.DATABASE_URL ?? ''
const chains = JSON.parse(process.env.LATCH_CHAINS ?? '[]') as ChainConfig[]
const indexers = chains.map(
  (chain) =>
    new ChainIndexer({
      chain,
      openSession: () => openPostgresSession(url),
      pollMs: Number(process.env.INDEXER_POLL_MS ?? 1000),
      confirmations: 12,
      rpcTimeoutMs: 10_000,
      blocksPerStep,
      log: pino({ level: 'warn' }, pino.destination(2)),
    }),
)
for (const indexer of indexers) indexer.start()
process.stdout.write('indexing\n')
process.once('SIGTERM', () => {
  void Promise.all(indexers.map((indexer) => indexer.stop())).then(() => process.exit(0))
})
