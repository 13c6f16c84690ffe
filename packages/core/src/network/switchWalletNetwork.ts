import type { CaipNetworkId } from '@latch/protocol'
import type { AlertsController } from '../alerts/createAlerts.ts'
import { ChainNotSupportedError, UserRejectedError } from '../errors.ts'
import type { RouterController } from '../router/index.ts'
import type { CaipNetwork, ChainNamespace } from '../siteTypes.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { NetworkController } from './network.ts'

/**
 * Switches to a network of the site. A network of another family makes that family the active
 * one; when its wallet is connected, the wallet is asked to switch; when the wallet connected in
 * another family offers this one too, it is connected on that network; otherwise only the modal's
 * network changes. A network the wallet cannot add says so; a declined switch says nothing (the
 * visitor chose it).
 */
export function switchWalletNetwork(deps: {
  activeNamespace(): ChainNamespace
  setActiveNamespace(namespace: ChainNamespace): void
  /** Whether `namespace` has a connected wallet. */
  isConnected(namespace: ChainNamespace): boolean
  /**
   * Connects `namespace` on the network through the wallet connected in another family, when it
   * offers that family; false when no connected wallet does.
   */
  connectSameWallet?(namespace: ChainNamespace, caipNetworkId: CaipNetworkId): Promise<boolean>
  /** Asks the family's wallet to switch. */
  switchNetwork(namespace: ChainNamespace, caipNetworkId: CaipNetworkId): Promise<void>
  network: Pick<NetworkController, 'setActiveNetwork'>
  router: Pick<RouterController, 'state' | 'goBack'>
  snackbar: Pick<SnackbarController, 'showError'>
  displayMessage(error: unknown): string
  /** Whether the network is one of the site's: another raises 'Network Not Found'. */
  isSiteNetwork?(caipNetworkId: CaipNetworkId): boolean
  alerts?: Pick<AlertsController, 'raise'>
}): (target: CaipNetwork) => Promise<void> {
  return async (target) => {
    if (deps.isSiteNetwork && !deps.isSiteNetwork(target.caipNetworkId)) {
      // Nothing switches to a network the site did not configure. The alert's text loads with it.
      const { KNOWN_ALERTS } = await import('../alerts/knownAlerts.ts')
      deps.alerts?.raise(KNOWN_ALERTS.networkNotFound)
      return
    }
    const namespace = target.chainNamespace
    const otherFamily = namespace !== deps.activeNamespace()
    if (otherFamily) deps.setActiveNamespace(namespace)
    if (!deps.isConnected(namespace)) {
      deps.network.setActiveNetwork(target)
      try {
        await deps.connectSameWallet?.(namespace, target.caipNetworkId)
      } catch (error) {
        // The network is chosen all the same: the visitor can connect from the Connect view.
        if (!(error instanceof UserRejectedError))
          deps.snackbar.showError(deps.displayMessage(error))
      }
      deps.router.goBack()
      return
    }
    // The other family's wallet may be on that network already: the modal follows at once.
    if (otherFamily) deps.network.setActiveNetwork(target)
    try {
      await deps.switchNetwork(namespace, target.caipNetworkId)
      if (deps.router.state.get().view === 'Networks') deps.router.goBack()
    } catch (error) {
      if (error instanceof ChainNotSupportedError) deps.snackbar.showError('Chain is not supported')
      else if (!(error instanceof UserRejectedError))
        deps.snackbar.showError(deps.displayMessage(error))
      throw error
    }
  }
}
