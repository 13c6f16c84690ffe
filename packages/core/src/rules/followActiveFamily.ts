import type { ConnectionsController } from '../chains/createConnections.ts'
import type { NetworkController } from '../network/index.ts'

/**
 * When another family becomes the active one (its wallet connected while the active family had
 * none, or the visitor switched), the modal's network becomes that family's wallet network: only
 * the active family's wallet moves the network, so it was not followed while that family was not
 * active.
 */
export function followActiveFamily(deps: {
  connections: Pick<ConnectionsController, 'state'>
  network: Pick<NetworkController, 'setWalletNetworkId'>
}): () => void {
  return deps.connections.state.subscribe((state, previous) => {
    if (state.activeNamespace === previous.activeNamespace) return
    const current = state.byNamespace[state.activeNamespace]
    if (current?.status === 'connected') deps.network.setWalletNetworkId(current.caipNetworkId)
  })
}
