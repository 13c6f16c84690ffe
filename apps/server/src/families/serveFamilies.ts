import type { FastifyBaseLogger } from 'fastify'
import type { ChainClient } from '../chains/clients.ts'
import type { UpstreamCircuits } from '../chains/upstreamCircuits.ts'
import type { Database } from '../db/index.ts'
import type { NftMetadata } from '../nfts/metadata.ts'
import { spamListsOf } from '../nfts/routes.ts'
import { createBitcoinClients } from './bitcoin/clients.ts'
import type { BitcoinChainConfig } from './bitcoin/config.ts'
import { type BitcoinFamily, bitcoinFamily } from './bitcoin/family.ts'
import { evmFamily } from './evm/family.ts'
import type { PolkadotChainConfig } from './polkadot/config.ts'
import { createPolkadotFamily, type PolkadotFamily } from './polkadot/family.ts'
import { Families } from './registry.ts'
import { createSolanaClients } from './solana/clients.ts'
import type { SolanaChainConfig } from './solana/config.ts'
import { solanaFamily } from './solana/family.ts'

/**
 * Every chain family the server serves, each with its configured networks: what routes ask by
 * CAIP-2 id. The EVM chains' clients are the caller's, since the gateway, swaps and the paymaster
 * share them; every other family's clients are made here, through the server's circuits. The
 * Bitcoin and Polkadot families come out by name too, for the routes that only they serve.
 */
export function serveFamilies(
  config: {
    solanaChains: readonly SolanaChainConfig[]
    bitcoinChains: readonly BitcoinChainConfig[]
    polkadotChains: readonly PolkadotChainConfig[]
    /** Each upstream call's timeout, RPC_TIMEOUT_MS. */
    timeoutMs: number
    /** How often the Polkadot indexers poll, INDEXER_POLL_MS. */
    pollMs: number
  },
  deps: {
    db: Database
    chains: ReadonlyMap<number, ChainClient>
    circuits: UpstreamCircuits
    nftMetadata: NftMetadata
    log: FastifyBaseLogger
  },
): { families: Families; bitcoin: BitcoinFamily; polkadot: PolkadotFamily } {
  const { db, log, circuits } = deps
  const clientOptions = { timeoutMs: config.timeoutMs, circuits }
  const solanaClients = createSolanaClients(config.solanaChains, clientOptions)
  const bitcoin = bitcoinFamily(createBitcoinClients(config.bitcoinChains, clientOptions), {
    db,
    log,
  })
  const polkadot = createPolkadotFamily({
    chains: config.polkadotChains,
    db,
    pollMs: config.pollMs,
    upstreams: circuits,
    log,
  })
  const nfts = { metadata: deps.nftMetadata, spamLists: spamListsOf(deps.chains) }
  const families = new Families([
    evmFamily(deps.chains, { db, nfts }),
    solanaFamily(solanaClients, { db, log }),
    bitcoin,
    polkadot,
  ])
  return { families, bitcoin, polkadot }
}
