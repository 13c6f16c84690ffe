import type { Config } from '@wagmi/core'
import type { EvmAdapter } from './chains/evm/createEvmAdapter.ts'
import * as evmFamily from './chains/evm/family.ts'
import type { Latch } from './createLatch.ts'

/**
 * The wagmi config of a Latch instance, at once (no `await`, on the server too): for a site that
 * renders wagmi's own `WagmiProvider` and hooks beside the kit, on the same connection. Importing
 * this module puts the EVM family's code (wagmi and viem) in the site's page up front; a site that
 * does not import it loads that code by dynamic import, only when it configures an EVM network.
 * @throws LatchError when the site configures no EVM network.
 * @example
 * const wagmiConfig = latchWagmiConfig(latch)
 * // <WagmiProvider config={wagmiConfig}> ... </WagmiProvider>
 */
export function latchWagmiConfig(latch: Latch): Config {
  const adapter = latch.provideFamily('eip155', evmFamily) as EvmAdapter
  return adapter.wagmiConfig
}
