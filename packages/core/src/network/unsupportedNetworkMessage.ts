import type { CaipNetworkId } from '@latch/protocol'

/**
 * What the Account view says when the wallet is on a network the site does not list: the chain by
 * its id (the site knows nothing else of it), never the network it was on before.
 * @example unsupportedNetworkMessage('eip155:999') // 'Chain 999 is not supported by this site'
 */
export function unsupportedNetworkMessage(walletNetworkId: CaipNetworkId | undefined): string {
  const chainId = walletNetworkId?.split(':')[1]
  return chainId
    ? `Chain ${chainId} is not supported by this site`
    : "Your wallet's network is not supported by this site"
}
