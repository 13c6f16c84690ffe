import type { UpstreamBounds } from '../../chains/upstreamCircuits.ts'
import type { Database } from '../../db/index.ts'
import { createPolkadotClients, type PolkadotChainClient } from './clients.ts'
import type { PolkadotChainConfig } from './config.ts'
import { PolkadotIndexer } from './history/indexer.ts'

/**
 * The server's Polkadot networks: a client per chain, keyed by CAIP-2 id, and each chain's
 * history indexer (started only on instances that index).
 */
export type PolkadotFamily = {
  chains: ReadonlyMap<string, PolkadotChainClient>
  indexers: ReadonlyMap<string, PolkadotIndexer>
  startIndexing(): void
  close(): Promise<void>
}

export function createPolkadotFamily(deps: {
  chains: readonly PolkadotChainConfig[]
  db: Database
  pollMs: number
  /** The server's bound on calls running and waiting per upstream: each chain's node is one. */
  upstreams?: UpstreamBounds
  log: { warn(details: object, message: string): void }
}): PolkadotFamily {
  const chains = createPolkadotClients(deps.chains, deps.upstreams)
  const indexers = new Map(
    [...chains].map(([id, chain]) => [
      id,
      new PolkadotIndexer({ chain, db: deps.db, log: deps.log, pollMs: deps.pollMs }),
    ]),
  )
  return {
    chains,
    indexers,
    startIndexing: () => {
      for (const indexer of indexers.values()) indexer.start()
    },
    close: async () => {
      await Promise.all([...indexers.values()].map((indexer) => indexer.stop()))
      await Promise.all([...chains.values()].map((chain) => chain.close()))
    },
  }
}
