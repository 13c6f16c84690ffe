import type { BitcoinNetworkKind, CaipNetworkId } from '@latch/protocol'
import type { UpstreamCircuits } from '../../chains/upstreamCircuits.ts'
import type { BitcoinChainConfig } from './config.ts'
import { EsploraClient } from './esplora.ts'

/** A configured Bitcoin network and its Esplora client. */
export type BitcoinChainClient = {
  family: 'bip122'
  config: BitcoinChainConfig
  caipNetworkId: CaipNetworkId
  /** Which addresses it takes (bc1, tb1 or bcrt1). */
  network: BitcoinNetworkKind
  esplora: EsploraClient
}

/** One Esplora client per configured Bitcoin network, keyed by CAIP-2 id, through the server's circuits. */
export function createBitcoinClients(
  chains: readonly BitcoinChainConfig[],
  options: { timeoutMs: number; circuits: UpstreamCircuits },
): Map<CaipNetworkId, BitcoinChainClient> {
  return new Map(
    chains.map((config) => {
      const caipNetworkId = config.caipNetworkId as CaipNetworkId
      const esplora = new EsploraClient(config.esploraUrls, options)
      return [
        caipNetworkId,
        { family: 'bip122', config, caipNetworkId, network: config.network, esplora },
      ]
    }),
  )
}
