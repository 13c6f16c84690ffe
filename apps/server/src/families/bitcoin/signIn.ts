import { HttpError } from '../../errors.ts'
import type { BitcoinChainClient } from './clients.ts'

/**
 * The configured network a Sign In With Bitcoin message's Chain ID names: a CAIP-2 id
 * (`bip122:000000000019d6689c085ae165831e93`) or its reference. Without a Chain ID, the one
 * configured Bitcoin network.
 */
export function bitcoinChainOf(
  chains: ReadonlyMap<string, BitcoinChainClient>,
  chainId: string | undefined,
): BitcoinChainClient {
  const unsupported = () =>
    new HttpError(400, `Chain ${chainId ?? '(none)'} is not a Bitcoin network this server supports`)
  if (chainId === undefined) {
    if (chains.size !== 1) throw unsupported()
    return [...chains.values()][0] as BitcoinChainClient
  }
  const chain = chains.get(chainId.startsWith('bip122:') ? chainId : `bip122:${chainId}`)
  if (!chain) throw unsupported()
  return chain
}
