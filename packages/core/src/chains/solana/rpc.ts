import type { CaipNetworkId } from '@latch/protocol'

export type SolanaGatewayRpc = { call<T>(method: string, params?: unknown[]): Promise<T> }

// A placeholder with the final signature: the gateway client is written elsewhere.
export function createGatewayRpc(_options: {
  serverUrl: string
  projectId: string
  caipNetworkId: CaipNetworkId
  fetch?: typeof fetch
}): SolanaGatewayRpc {
  throw new Error('Solana sending is not available yet')
}
