import type { NetworkController } from '../network/index.ts'
import type { CaipNetwork } from '../siteTypes.ts'
import type { LatchStorage } from '../storage/index.ts'
import { STORAGE_KEYS } from '../storage/index.ts'

/**
 * The active network is kept per family, so a reload comes back on the network the visitor left
 * (a connected wallet's own network still wins once it reconnects).
 */
export function persistActiveNetwork(deps: {
  network: Pick<NetworkController, 'state'>
  storage: LatchStorage
}): () => void {
  return deps.network.state.subscribe((state, previous) => {
    const active = state.activeNetwork
    if (!active || active === previous.activeNetwork) return
    deps.storage.setItem(STORAGE_KEYS.activeNetworkId(active.chainNamespace), active.caipNetworkId)
  })
}

/** The network stored for `namespace` when the site still offers it. */
export function storedActiveNetwork(
  storage: LatchStorage,
  networks: readonly CaipNetwork[],
  namespace: CaipNetwork['chainNamespace'],
): CaipNetwork | undefined {
  const stored = storage.getItem(STORAGE_KEYS.activeNetworkId(namespace))
  return networks.find((network) => network.caipNetworkId === stored)
}
