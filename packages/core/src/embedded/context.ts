import type { ConnectedUser } from '@latch/protocol/frame'
import type { AccountController } from '../account/index.ts'
import { displayMessage } from '../displayMessage.ts'
import type { ModalController } from '../modal/index.ts'
import type { RouterController } from '../router/index.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import { type LatchStorage, STORAGE_KEYS } from '../storage/index.ts'
import type { Store } from '../store.ts'
import type { EmbeddedState, FrameClient, PopupWindow, Timers } from './types.ts'

/** What the embedded wallet's actions share: its store, the frame, and the kit around it. */
export type EmbeddedContext = {
  store: Store<EmbeddedState>
  /** The frame client, mounted (its code loads on first call). */
  frame(): Promise<FrameClient>
  router: Pick<RouterController, 'state' | 'push' | 'replace' | 'reset' | 'goBack'>
  modal: Pick<ModalController, 'state'>
  account: Pick<AccountController, 'update' | 'get'>
  storage: LatchStorage
  snackbar: Pick<SnackbarController, 'showSuccess'>
  now(): number
  timers: Timers
  /** Opens the social login popup: must run inside the click (popup blockers). */
  openPopup(): PopupWindow | null
  /** Connects the embedded connector (wagmi) and applies the modal's close rules. */
  connect(method: LoginMethod): Promise<void>
}

/** How an embedded user logged in, as CONNECT_SUCCESS reports it. */
export type LoginMethod = 'email' | 'social' | 'farcaster'

/** Ends a login: the frame holds a session for `user`; connect the wallet, as other wallets do. */
export async function finishLogin(
  ctx: EmbeddedContext,
  user: ConnectedUser,
  method: LoginMethod,
): Promise<boolean> {
  const social = method === 'social' ? ctx.store.get().socialProvider : undefined
  if (social) ctx.storage.setItem(STORAGE_KEYS.connectedSocialProvider, social)
  else ctx.storage.removeItem(STORAGE_KEYS.connectedSocialProvider)
  ctx.store.set({ user, pending: true, error: undefined })
  try {
    await ctx.connect(method)
    ctx.store.set({ step: 'connected', pending: false })
    return true
  } catch (error) {
    // Not connected after all: the session in the frame stays, a retry connects with it.
    ctx.store.set({ user: undefined, pending: false, error: displayMessage(error) })
    return false
  }
}
