import type { CaipNetworkId } from '@latch/protocol'
import type { CaipNetwork, ChainNamespace } from '../network.ts'

/** A made-up network of `namespace`, for tests that need only its id. */
export const testNetwork = (
  caipNetworkId: CaipNetworkId,
  namespace: ChainNamespace,
): CaipNetwork => ({
  id: caipNetworkId,
  caipNetworkId,
  chainNamespace: namespace,
  name: caipNetworkId,
  nativeCurrency: { name: 'Coin', symbol: 'C', decimals: 9 },
  rpcUrls: { default: { http: [] } },
})
