import type { CaipNetworkId } from '@latch/protocol'
import type { UpstreamCircuits } from '../../chains/upstreamCircuits.ts'
import type { SolanaChainConfig } from './config.ts'
import { SolanaRpc } from './rpc.ts'

/** A configured Solana chain and its RPC client. */
export type SolanaChainClient = {
  family: 'solana'
  config: SolanaChainConfig
  caipNetworkId: CaipNetworkId
  rpc: SolanaRpc
}

/** One RPC client per configured Solana chain, keyed by CAIP-2 id, through the server's circuits. */
export function createSolanaClients(
  chains: readonly SolanaChainConfig[],
  options: { timeoutMs: number; circuits: UpstreamCircuits },
): Map<CaipNetworkId, SolanaChainClient> {
  return new Map(
    chains.map((config) => {
      const caipNetworkId = config.caipNetworkId as CaipNetworkId
      const rpc = new SolanaRpc(config.rpcUrls, options)
      return [caipNetworkId, { family: 'solana', config, caipNetworkId, rpc }]
    }),
  )
}
