import type { ActiveAccount } from '../account/activeAccount.ts'
import type { ModalController } from '../modal/index.ts'
import type { NetworkController } from '../network/index.ts'
import type { SiwxController } from '../siwx/types.ts'
import type { ReadableStore } from '../store.ts'

/**
 * Whether the visitor should be asked to sign in now: the site has sign-in, no session covers the
 * account, and the wallet is on a network the site supports (a sign-in on another is refused).
 */
export function signInNeeded(deps: {
  siwx: () => Pick<SiwxController, 'enabled' | 'hasSession'>
  network: Pick<NetworkController, 'state'>
}): () => boolean {
  return () => {
    const siwx = deps.siwx()
    return siwx.enabled && !siwx.hasSession() && !deps.network.state.get().unsupported
  }
}

/**
 * After connecting (or moving to another account, network or family), a site with sign-in asks
 * for it.
 */
export function askSignInAfterConnect(deps: {
  account: ReadableStore<ActiveAccount | undefined>
  needsSignIn: () => boolean
  modal: Pick<ModalController, 'open'>
}): () => void {
  return deps.account.subscribe((current, previous) => {
    if (!current || current.caipAddress === previous?.caipAddress) return
    if (deps.needsSignIn()) deps.modal.open({ view: 'SIWXSignMessage' })
  })
}
