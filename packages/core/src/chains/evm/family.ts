import { standInConnector } from '../../embedded/standInConnector.ts'
import type { FamilyDeps } from '../familyDeps.ts'
import type { EvmAdapter } from './createEvmAdapter.ts'
import { createEvmFamily } from './createEvmFamily.ts'

/**
 * The EVM family as the kit loads it (by dynamic import, only when the site configures an EVM
 * network): wagmi and viem, the site's transports or the server's gateway, WalletConnect and the
 * embedded wallet's connector when configured. Its own transactions (swaps, a site's calls) are
 * pending until mined, as every family's transfers are.
 */
export function createFamilyAdapter(deps: FamilyDeps): EvmAdapter {
  const adapter = createEvmFamily({
    config: {
      serverUrl: deps.serverUrl,
      ...(deps.transports ? { transports: deps.transports } : {}),
    },
    options: deps.options,
    storage: deps.storage,
    embedded: deps.embedded && standInConnector(deps.embedded),
  })
  const { tracking } = deps
  return {
    ...adapter,
    async sendTransaction(transaction) {
      const hash = await adapter.sendTransaction(transaction)
      await tracking.track(hash)
      return hash
    },
    waitForTransaction: (hash, chainId) =>
      tracking.watch(
        hash,
        chainId === undefined ? undefined : `eip155:${chainId}`,
        adapter.waitForTransaction(hash, chainId),
      ),
  }
}
