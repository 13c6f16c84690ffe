import type { EventsController } from '../events/index.ts'
import { createRouter, type RouterController } from '../router/index.ts'
import type { ModalController } from './createModal.ts'
import { createModal } from './createModal.ts'

/**
 * The modal and its view history, built together as each calls the other (the router closes the
 * modal). The sign-in and the embedded wallet are built later, so they are read when asked.
 */
export function wireModal(deps: {
  /**
   * What the modal reads of the connected account, and the Farcaster link it clears: the account's
   * controller, named by shape so the modal sits below the account.
   */
  account: {
    get(): { readonly address?: string; readonly status: string }
    update(namespace: 'eip155', patch: { farcasterUrl: undefined }): void
  }
  events: EventsController
  siwx(): { readonly required: boolean; hasSession(): boolean } | undefined
  /** The embedded wallet, when the site offers email and social login. */
  embedded(): { resyncAuthConnector(): void } | undefined
}): { router: RouterController; modal: ModalController } {
  const { account } = deps
  let modal: ModalController | undefined
  const router = createRouter({
    closeModal: () => {
      modal?.close()
    },
    hasConnectedAddress: () => account.get().address !== undefined,
    clearFarcasterUrl: () => account.update('eip155', { farcasterUrl: undefined }),
    // The embedded wallet (the auth connector) drops the login and takes the site's metadata again.
    resyncAuthConnector: () => deps.embedded()?.resyncAuthConnector(),
  })
  modal = createModal({
    router,
    isConnected: () => account.get().status === 'connected',
    isSignInRequired: () => deps.siwx()?.required === true,
    hasSession: () => deps.siwx()?.hasSession() === true,
    events: deps.events,
  })
  return { router, modal }
}
