import { isSolanaAddress } from '@latch/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/index.ts'
import { HttpError } from '../../errors.ts'
import { readFromNode } from '../nodeRead.ts'
import { withoutOrders } from '../storedHistory.ts'
import type { FamilyNetwork, ServerFamily } from '../types.ts'
import { solanaBalances } from './balances.ts'
import type { SolanaChainClient } from './clients.ts'
import { solanaMethods } from './gatewayMethods.ts'
import { SolanaHistory } from './history/solanaHistory.ts'
import { readSolanaHoldings } from './holdings.ts'
import { solanaSignIn } from './signIn.ts'

/** One configured Solana network as a family network: an account is its base58 public key. */
function solanaNetwork(chain: SolanaChainClient): FamilyNetwork {
  return {
    namespace: 'solana',
    caipNetworkId: chain.caipNetworkId,
    jsonRpc: { urls: chain.config.rpcUrls, methods: solanaMethods },
    accountOf: async (address) => {
      if (!isSolanaAddress(address))
        throw new HttpError(400, `Expected a Solana address for ${chain.caipNetworkId}`)
      return address
    },
    balances: async (account, { prices, log }) => {
      const [holdings, usd] = await Promise.all([
        readFromNode(chain, 'Token balances', log, () => readSolanaHoldings(chain.rpc, account)),
        prices.ofSolana(chain),
      ])
      return solanaBalances(chain, holdings, usd)
    },
  }
}

/** The server's Solana networks as a family, keyed by CAIP-2 id (`solana:<genesis>`). */
export function solanaFamily(
  chains: ReadonlyMap<string, SolanaChainClient>,
  deps: { db: Database; log: FastifyBaseLogger },
): ServerFamily {
  return {
    namespace: 'solana',
    networks: new Map([...chains].map(([id, chain]) => [id, solanaNetwork(chain)])),
    writesAccount: (address) => isSolanaAddress(address),
    signIn: solanaSignIn(chains),
    history: withoutOrders(new SolanaHistory({ db: deps.db, chains, log: deps.log })),
  }
}
