import type { ActiveAccount } from '../account/activeAccount.ts'
import type { ModalController } from '../modal/index.ts'
import type { RouterController } from '../router/index.ts'
import type { ReadableStore } from '../store.ts'

/** A controller holding what it read for the connected account. */
type Resettable = { reset(): void }

/**
 * When the active account goes (its wallet disconnected, or a family without a wallet was made
 * active), nothing of it stays behind (Tokens, Activity, name, the names being registered), and
 * an open modal goes back to Connect.
 */
export function resetOnDisconnect(deps: {
  account: ReadableStore<ActiveAccount | undefined>
  resettables: readonly Resettable[]
  modal: Pick<ModalController, 'state'>
  router: Pick<RouterController, 'reset'>
}): () => void {
  return deps.account.subscribe((current, previous) => {
    if (current || !previous) return
    for (const controller of deps.resettables) controller.reset()
    if (deps.modal.state.get().open) deps.router.reset('Connect')
  })
}
