import type { ChainConnection } from '../chains/connection.ts'
import type { ModalController } from '../modal/index.ts'
import type { RouterController } from '../router/index.ts'
import type { ReadableStore } from '../store.ts'

/** A controller holding what it read for the connected account. */
type Resettable = { reset(): void }

/**
 * A wallet that disconnects leaves nothing of its account behind (Tokens, Activity, name, the
 * names being registered); a session that ended (not a connect attempt that failed) sends an
 * open modal back to Connect.
 */
export function resetOnDisconnect(deps: {
  wallet: ReadableStore<ChainConnection>
  resettables: readonly Resettable[]
  modal: Pick<ModalController, 'state'>
  router: Pick<RouterController, 'reset'>
}): () => void {
  return deps.wallet.subscribe((current, previous) => {
    if (current.status !== 'disconnected') return
    for (const controller of deps.resettables) controller.reset()
    if (previous.status === 'connected' && deps.modal.state.get().open) deps.router.reset('Connect')
  })
}
