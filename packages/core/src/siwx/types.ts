import type { SiwxSession } from '@latch/protocol'
import type { ActiveAccount } from '../account/activeAccount.ts'
import type { AlertsController } from '../alerts/createAlerts.ts'
import type { ApiClient } from '../api/client.ts'
import type { EventsController } from '../events/index.ts'
import type { SiwxOptions } from '../options/types.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { LatchStorage } from '../storage/index.ts'
import type { ReadableStore } from '../store.ts'
import type { SignInFields } from './signInFields.ts'

export type { SiwxOptions } from '../options/types.ts'

/** A session this browser holds, with its bearer token for the site's own backend. */
export type SiwxStoredSession = { token: string; session: SiwxSession }

export type SiwxState = {
  status: 'idle' | 'signing' | 'error'
  session?: SiwxStoredSession
}

export type SiwxDeps = {
  options: SiwxOptions | undefined
  api: Pick<ApiClient, 'get' | 'post'>
  storage: LatchStorage
  snackbar: Pick<SnackbarController, 'showLoading' | 'showError' | 'hide'>
  events: Pick<EventsController, 'emit'>
  alerts: Pick<AlertsController, 'raise'>
  /** The active account in CAIP form, when there is one. */
  activeAccount(): ActiveAccount | undefined
  /** The account's family writes the CAIP-122 message (EIP-4361 for EVM). */
  signInMessage(fields: SignInFields): Promise<string>
  signMessage(message: string): Promise<string>
  /** Ends the wallet connection (cancel when sign-in is required, or a failed start). */
  disconnect(): Promise<void>
  onSignedIn(): void
  onStartFailed(): void
  now?: () => Date
  /** Where the page runs: domain and uri of the message. Default: location. */
  origin?: () => { host: string; origin: string } | undefined
}

export type SiwxController = {
  state: ReadableStore<SiwxState>
  readonly enabled: boolean
  readonly required: boolean
  /** True when the stored session covers the connected account and chain. */
  hasSession(): boolean
  /** Loads the sign-in's code ahead of use (the SIWXSignMessage view does, before it shows). */
  loadCode(): Promise<void>
  /** Creates the message, has the wallet sign it, has the server verify it, stores the session. */
  signIn(): Promise<void>
  /** The visitor declines to sign in: disconnects when sign-in is required. */
  cancel(): Promise<void>
  /** Revokes the session on the server and forgets it here. */
  signOut(): Promise<void>
}
