import type { ModalController } from '../modal/index.ts'
import type { NetworkController } from '../network/index.ts'

/**
 * Connecting a wallet closes the modal, unless its network is not supported (UnsupportedChain
 * shows) or the site asks for a sign-in (SIWXSignMessage shows).
 */
export function closeAfterConnect(deps: {
  network: Pick<NetworkController, 'state'>
  needsSignIn: () => boolean
  modal: Pick<ModalController, 'close'>
}): () => void {
  return () => {
    if (!deps.network.state.get().unsupported && !deps.needsSignIn()) deps.modal.close()
  }
}
