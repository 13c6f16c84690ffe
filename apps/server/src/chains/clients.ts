import { type CaipNetworkId, eip155NetworkId } from '@latch/protocol'
import { createPublicClient, defineChain, fallback, http, type PublicClient } from 'viem'
import type { ChainConfig } from '../config.ts'

/** How long one upstream RPC call may take by default. */
export const RPC_TIMEOUT_MS = 10_000

export type ChainClient = {
  config: ChainConfig
  caipNetworkId: CaipNetworkId
  client: PublicClient
}

/** One viem client per configured chain, failing over between its RPC URLs. */
export function createChainClients(chains: ChainConfig[]): Map<number, ChainClient> {
  return new Map(
    chains.map((config) => {
      const chain = defineChain({
        id: config.chainId,
        name: config.name,
        nativeCurrency: config.nativeCurrency,
        rpcUrls: { default: { http: config.rpcUrls } },
      })
      const transport = fallback(
        config.rpcUrls.map((url) => http(url, { timeout: RPC_TIMEOUT_MS, retryCount: 0 })),
      )
      const client = createPublicClient({ chain, transport }) as PublicClient
      return [config.chainId, { config, caipNetworkId: eip155NetworkId(config.chainId), client }]
    }),
  )
}
