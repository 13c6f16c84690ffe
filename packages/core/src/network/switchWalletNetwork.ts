import type { AccountController } from '../account/index.ts'
import { ChainNotSupportedError, UserRejectedError } from '../adapters/evm/errors.ts'
import type { CaipNetwork } from '../options/types.ts'
import type { RouterController } from '../router/index.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { NetworkController } from './network.ts'

/**
 * Switches the wallet to a network of the site; disconnected, only the modal's network changes.
 * A network the wallet cannot add says so; a declined switch says nothing (the visitor chose it).
 */
export function switchWalletNetwork(deps: {
  account: Pick<AccountController, 'get'>
  network: Pick<NetworkController, 'setActiveNetwork'>
  router: Pick<RouterController, 'state' | 'goBack'>
  snackbar: Pick<SnackbarController, 'showError'>
  displayMessage(error: unknown): string
  switchNetwork(target: CaipNetwork): Promise<void>
}): (target: CaipNetwork) => Promise<void> {
  return async (target) => {
    if (deps.account.get().status !== 'connected') {
      deps.network.setActiveNetwork(target)
      deps.router.goBack()
      return
    }
    try {
      await deps.switchNetwork(target)
      if (deps.router.state.get().view === 'Networks') deps.router.goBack()
    } catch (error) {
      if (error instanceof ChainNotSupportedError) deps.snackbar.showError('Chain is not supported')
      else if (!(error instanceof UserRejectedError))
        deps.snackbar.showError(deps.displayMessage(error))
      throw error
    }
  }
}
