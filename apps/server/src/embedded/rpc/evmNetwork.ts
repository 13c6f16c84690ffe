import type { EvmNetworkInfo } from '@latch/protocol'
import type { ChainClient } from '../../chains/clients.ts'
import { HttpError } from '../../errors.ts'
import { knownContracts } from './knownContracts.ts'

/**
 * What the approval screen shows of an EVM chain: its name, its coin and the tokens it may name
 * (a grant's spending limits in their symbol and decimals); 400 'Unsupported chain' for a chain
 * the server has no RPC for.
 */
export function evmNetworkInfo(
  chains: ReadonlyMap<number, ChainClient>,
  chainId: number,
): EvmNetworkInfo {
  const chain = chains.get(chainId)
  if (!chain) throw new HttpError(400, 'Unsupported chain')
  const { name, nativeCurrency } = chain.config
  return {
    chainId,
    name,
    currency: { symbol: nativeCurrency.symbol, decimals: nativeCurrency.decimals },
    tokens: knownContracts(chain.config).tokens ?? [],
  }
}
