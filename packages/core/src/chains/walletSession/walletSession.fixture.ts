import type { CaipNetworkId } from '@latch/protocol'
import type { CaipNetwork, ChainNamespace } from '../../siteTypes.ts'
import type { LinkedAccount } from '../types.ts'

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

/** An account a phone wallet's session holds, recording when the session was ended. */
export function testLinkedAccount(address: string, chains: CaipNetworkId[] = []) {
  const ended: string[] = []
  const account: LinkedAccount = {
    wallet: {
      id: 'walletConnect',
      name: 'Phone',
      icon: undefined,
      rdns: undefined,
      kind: 'walletConnect',
    },
    address,
    chains,
    methods: [],
    request: async () => undefined,
    end: async () => {
      ended.push(address)
    },
  }
  return { account, ended }
}
