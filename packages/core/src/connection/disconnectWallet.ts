import { LatchError } from '../errors.ts'
import type { ModalController } from '../modal/index.ts'
import type { SiwxController } from '../siwx/types.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { ConnectionController } from './createConnection.ts'

/** Ends the wallet session, forgets the connection and the sign-in, and closes the modal. */
export function disconnectWallet(deps: {
  disconnect(): Promise<void>
  connection: Pick<ConnectionController, 'reset'>
  siwx: () => Pick<SiwxController, 'signOut'>
  modal: Pick<ModalController, 'close'>
  snackbar: Pick<SnackbarController, 'showError'>
}): () => Promise<void> {
  return async () => {
    try {
      await deps.disconnect()
      deps.connection.reset()
      await deps.siwx().signOut()
      deps.modal.close()
    } catch (error) {
      deps.snackbar.showError('Failed to disconnect')
      throw new LatchError('Failed to disconnect', { cause: error })
    }
  }
}
