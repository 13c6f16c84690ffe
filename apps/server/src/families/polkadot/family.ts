import { isSs58Address } from '@latch/protocol'
import type { UpstreamBounds } from '../../chains/upstreamCircuits.ts'
import type { Database } from '../../db/index.ts'
import { HttpError } from '../../errors.ts'
import { tokenIconUrl } from '../../registry/tokenIcon.ts'
import type { FamilyNetwork, ServerFamily } from '../types.ts'
import { requirePolkadotAddress } from './address.ts'
import { polkadotBalances, readPolkadotHoldings } from './balances.ts'
import { onChain } from './chainCall.ts'
import { createPolkadotClients, type PolkadotChainClient } from './clients.ts'
import type { PolkadotChainConfig } from './config.ts'
import { PolkadotIndexer } from './history/indexer.ts'
import { decodePolkadotCursor, polkadotHistoryPage } from './history/page.ts'
import { polkadotSignIn } from './signIn.ts'

const BAD_CURSOR = 'querystring.cursor: cursor is not one this server gave out'

/**
 * One configured Polkadot chain as a family network: an account is SS58 in the chain's own
 * prefix, which the chain itself tells (so checking one may wait on the node).
 */
function polkadotNetwork(chain: PolkadotChainClient): FamilyNetwork {
  return {
    namespace: 'polkadot',
    caipNetworkId: chain.caipNetworkId,
    accountOf: (address) => requirePolkadotAddress(chain, address),
    balances: async (account, { prices, log }) => {
      const [[info, holdings], usd] = await Promise.all([
        onChain(
          chain,
          'Token balances',
          () => Promise.all([chain.info(), readPolkadotHoldings(chain, account)]),
          log,
        ),
        prices.ofPolkadot(chain),
      ])
      return polkadotBalances(chain, info, holdings, usd)
    },
  }
}

/**
 * The server's Polkadot networks: a client per chain, keyed by CAIP-2 id, and each chain's
 * history indexer (started only on instances that index).
 */
export type PolkadotFamily = ServerFamily & {
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
    namespace: 'polkadot',
    networks: new Map([...chains].map(([id, chain]) => [id, polkadotNetwork(chain)])),
    writesAccount: (address) => isSs58Address(address),
    signIn: polkadotSignIn(chains),
    history: async (account, { caipNetworkId, cursor, onramp }, request) => {
      // One account is written alike on several chains: its history is per chain, named unless
      // the server has just one.
      const chain = caipNetworkId
        ? chains.get(caipNetworkId as PolkadotChainClient['caipNetworkId'])
        : chains.size === 1
          ? [...chains.values()][0]
          : undefined
      if (!chain) throw new HttpError(400, 'chainId is required for a Polkadot address')
      await requirePolkadotAddress(chain, account)
      // On-ramp orders pay out on EVM chains only: a Polkadot account has none.
      if (onramp !== undefined) return { data: [], next: null }
      const before = cursor === undefined ? undefined : decodePolkadotCursor(cursor)
      if (cursor !== undefined && !before) throw new HttpError(400, BAD_CURSOR)
      return polkadotHistoryPage(deps.db, chain, account, before, (symbol) =>
        tokenIconUrl(request, symbol),
      )
    },
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
