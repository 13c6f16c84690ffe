import { isBitcoinAddress } from '@latch/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/index.ts'
import { readFromNode } from '../nodeRead.ts'
import { withoutOrders } from '../storedHistory.ts'
import type { FamilyNetwork, ServerFamily } from '../types.ts'
import { requireBitcoinAddress } from './address.ts'
import { bitcoinBalances, readBitcoinHoldings } from './balances.ts'
import type { BitcoinChainClient } from './clients.ts'
import { readFeeRates } from './feeRates.ts'
import { BitcoinHistory } from './history/bitcoinHistory.ts'
import { bitcoinSignIn } from './signIn.ts'

/** One configured Bitcoin network as a family network: an account is one address of its network. */
function bitcoinNetwork(chain: BitcoinChainClient): FamilyNetwork {
  return {
    namespace: 'bip122',
    caipNetworkId: chain.caipNetworkId,
    accountOf: async (address) => requireBitcoinAddress(chain, address),
    balances: async (account, { prices, log }) => {
      const [holdings, usd] = await Promise.all([
        readFromNode(chain, 'Token balances', log, () => readBitcoinHoldings(chain, account)),
        prices.ofBitcoin(chain),
      ])
      return bitcoinBalances(chain, holdings, usd)
    },
    gasPrice: (log) => readFromNode(chain, 'Gas price', log, () => readFeeRates(chain)),
  }
}

/**
 * The server's Bitcoin networks as a family, keyed by CAIP-2 id (`bip122:<genesis hash prefix>`),
 * with each network's client: the Esplora gateway forwards to them.
 */
export type BitcoinFamily = ServerFamily & { chains: ReadonlyMap<string, BitcoinChainClient> }

export function bitcoinFamily(
  chains: ReadonlyMap<string, BitcoinChainClient>,
  deps: { db: Database; log: FastifyBaseLogger },
): BitcoinFamily {
  return {
    chains,
    namespace: 'bip122',
    networks: new Map([...chains].map(([id, chain]) => [id, bitcoinNetwork(chain)])),
    writesAccount: (address) => isBitcoinAddress(address),
    signIn: bitcoinSignIn(chains),
    history: withoutOrders(new BitcoinHistory({ db: deps.db, chains, log: deps.log })),
  }
}
