import { isEvmAccount } from '@latch/protocol'
import { evmAddressOf } from '../../chains/chainParam.ts'
import type { ChainClient } from '../../chains/clients.ts'
import { suggestGasPrices } from '../../chains/gasPrice.ts'
import { HttpError } from '../../errors.ts'
import { evmMethods } from '../../rpc/methods.ts'
import { readFromNode } from '../nodeRead.ts'
import type { FamilyNetwork, ServerFamily } from '../types.ts'
import { pricedBalances, readHoldings } from './balances.ts'
import { evmHistory } from './history.ts'
import { evmSignIn } from './signIn.ts'

/** One configured EVM chain as a family network: an account is its address in lower case. */
function evmNetwork(chain: ChainClient): FamilyNetwork {
  return {
    namespace: 'eip155',
    caipNetworkId: chain.caipNetworkId,
    jsonRpc: { urls: chain.config.rpcUrls, methods: evmMethods(chain.config.chainId) },
    accountOf: async (address) => {
      if (!isEvmAccount(address))
        throw new HttpError(400, `Expected an EVM address for ${chain.caipNetworkId}`)
      return evmAddressOf(address)
    },
    balances: async (account, { prices, log }) => {
      const [holdings, usd] = await Promise.all([
        readFromNode(chain, 'Token balances', log, () =>
          readHoldings(chain, evmAddressOf(account)),
        ),
        prices.of(chain),
      ])
      return pricedBalances(chain, holdings, usd)
    },
    gasPrice: async (log) => {
      const prices = await readFromNode(chain, 'Gas price', log, () =>
        suggestGasPrices(chain.client),
      )
      return {
        standard: prices.standard.toString(),
        fast: prices.fast.toString(),
        instant: prices.instant.toString(),
      }
    },
  }
}

/** The server's EVM chains as a family, keyed by CAIP-2 id (`eip155:1`). */
export function evmFamily(
  chains: ReadonlyMap<number, ChainClient>,
  deps: Omit<Parameters<typeof evmHistory>[0], 'chains'>,
): ServerFamily {
  return {
    namespace: 'eip155',
    networks: new Map(
      [...chains.values()].map((chain) => [chain.caipNetworkId, evmNetwork(chain)]),
    ),
    writesAccount: (address) => isEvmAccount(address),
    signIn: evmSignIn(chains),
    history: evmHistory({ ...deps, chains: [...chains.values()].map((chain) => chain.config) }),
  }
}
