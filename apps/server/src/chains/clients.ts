import { type CaipNetworkId, eip155NetworkId } from '@latch/protocol'
import {
  createPublicClient,
  defineChain,
  fallback,
  http,
  type PublicClient,
  type Transport,
} from 'viem'
import type { ChainConfig } from './chainConfig.ts'
import { UpstreamCircuits } from './upstreamCircuits.ts'

export type ChainClient = {
  config: ChainConfig
  caipNetworkId: CaipNetworkId
  client: PublicClient
  /** The chain's RPC URLs as one viem transport, for a wallet client that sends from the server. */
  transport: Transport
}

/**
 * One chain's RPC URLs as a viem transport: each call tried on each URL in order, each try bounded
 * by `timeoutMs` and never retried on the same URL (retries only multiply the wait, up to four
 * times the timeout), and sent only to an upstream that answers (see UpstreamCircuits). Within an
 * API request, all its tries together end at the request's deadline (see requestDeadline.ts).
 */
export function chainTransport(
  rpcUrls: readonly string[],
  options: { timeoutMs: number; circuits: UpstreamCircuits },
): Transport {
  const guarded = (url: string, index: number): Transport => {
    const transport = http(url, { timeout: options.timeoutMs, retryCount: 0 })
    // A URL with another after it is skipped while it is down; the last one is waited for.
    const failFast = index < rpcUrls.length - 1
    return (parameters) => {
      const made = transport(parameters)
      return {
        ...made,
        request: ((args, requestOptions) =>
          options.circuits.through(url, () => made.request(args, requestOptions), {
            failFast,
          })) as typeof made.request,
      }
    }
  }
  return fallback(rpcUrls.map(guarded), { retryCount: 0 })
}

/**
 * One viem client per configured chain, failing over between its RPC URLs; every call bounded by
 * `timeoutMs` (RPC_TIMEOUT_MS) per URL. The circuits are the server's, shared with the gateway.
 */
export function createChainClients(
  chains: ChainConfig[],
  options: { timeoutMs: number; circuits?: UpstreamCircuits },
): Map<number, ChainClient> {
  const circuits = options.circuits ?? new UpstreamCircuits()
  return new Map(
    chains.map((config) => {
      const chain = defineChain({
        id: config.chainId,
        name: config.name,
        nativeCurrency: config.nativeCurrency,
        rpcUrls: { default: { http: config.rpcUrls } },
      })
      const transport = chainTransport(config.rpcUrls, { timeoutMs: options.timeoutMs, circuits })
      // No cached block number: an answer from before an outage is not served after it.
      const client = createPublicClient({ chain, transport, cacheTime: 0 }) as PublicClient
      return [
        config.chainId,
        { config, caipNetworkId: eip155NetworkId(config.chainId), client, transport },
      ]
    }),
  )
}
