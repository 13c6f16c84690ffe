import type { ModalController } from '../modal/index.ts'
import type { NetworkController } from '../network/index.ts'
import type { RouterController } from '../router/index.ts'

/**
 * A wallet on a network the site does not list opens UnsupportedChain (unless the site allows
 * any network); back on a listed one, that view closes by itself.
 */
export function openUnsupportedChain(deps: {
  network: Pick<NetworkController, 'state'>
  modal: Pick<ModalController, 'open' | 'close'>
  router: Pick<RouterController, 'state'>
  allowUnsupportedChain: boolean
}): () => void {
  return deps.network.state.subscribe((state, previous) => {
    if (state.unsupported && !previous.unsupported && !deps.allowUnsupportedChain) {
      deps.modal.open({ view: 'UnsupportedChain' })
    } else if (
      !state.unsupported &&
      previous.unsupported &&
      deps.router.state.get().view === 'UnsupportedChain'
    ) {
      deps.modal.close()
    }
  })
}
