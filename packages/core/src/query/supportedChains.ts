import type { CaipNetworkId } from '@latch/protocol'
import type { ApiClient } from '../api/client.ts'
import type { QueryCache } from './lazyQueryClient.ts'

export type SupportedChains = {
  /** The server's chains: those its gateway serves, and those with a bundler (and paymaster). */
  supportedChains(): ReturnType<ApiClient['supportedChains']>
  /** Whether the server's gateway serves the chain (balances and names are read through it). */
  isSupported(chainId: CaipNetworkId): Promise<boolean>
}

/** The server's chains, asked once per instance: they do not change while the page is open. */
export function createSupportedChains(deps: {
  api: Pick<ApiClient, 'supportedChains'>
  queryClient: Pick<QueryCache, 'fetchQuery'>
}): SupportedChains {
  const supportedChains = () =>
    deps.queryClient.fetchQuery({
      queryKey: ['supported-chains'],
      queryFn: () => deps.api.supportedChains(),
      staleTime: Number.POSITIVE_INFINITY,
    })
  return {
    supportedChains,
    isSupported: async (chainId) => (await supportedChains()).http.includes(chainId),
  }
}
