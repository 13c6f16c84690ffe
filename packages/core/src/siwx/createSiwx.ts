import type { SiwxSession } from '@latch/protocol'
import type { AlertsController } from '../alerts/index.ts'
import type { ApiClient } from '../api/client.ts'
import type { ActiveAccount } from '../chains/createConnections.ts'
import type { SignInFields } from '../chains/types.ts'
import { LatchError } from '../errors.ts'
import type { EventsController } from '../events/index.ts'
import { lazyCode } from '../lazy/lazyCode.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { LatchStorage } from '../storage/index.ts'
import { createStore, type ReadableStore } from '../store.ts'

/** Sign-in options: the Latch server checks the signature and keeps the session. */
export type SiwxOptions = {
  /** When true, the modal cannot be closed until signed in, and cancelling disconnects. */
  required?: boolean
  /** The message's statement line. */
  statement?: string
}

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

/** Where the browser keeps its sign-in session (token and session) between visits. */
export const SESSION_KEY = '@latch/siwx_session'

function isStoredSession(value: unknown): value is SiwxStoredSession {
  const candidate = value as { token?: unknown; session?: { address?: unknown } } | null
  return typeof candidate?.token === 'string' && typeof candidate.session?.address === 'string'
}

/**
 * Sign-in with the wallet: a CAIP-122 message in the account family's form (EIP-4361 for EVM)
 * with a server nonce, verified by the Latch server, which holds the session.
 */
export function createSiwx(deps: SiwxDeps): SiwxController {
  const now = deps.now ?? (() => new Date())
  const origin =
    deps.origin ??
    (() => (globalThis.location ? { host: location.host, origin: location.origin } : undefined))
  const store = createStore<SiwxState>({
    status: 'idle',
    ...(() => {
      const stored = deps.storage.getJson(SESSION_KEY, isStoredSession)
      const live = stored && Date.parse(stored.session.expiresAt) > now().getTime()
      return live ? { session: stored } : {}
    })(),
  })
  const enabled = deps.options !== undefined
  const required = deps.options?.required === true
  // The message and its round trips load with the first sign-in: a site without one never does.
  const code = lazyCode(() => import('./signIn.ts'))

  function covers(session: SiwxStoredSession | undefined) {
    const account = deps.activeAccount()
    return (
      session !== undefined &&
      account !== undefined &&
      session.session.address.toLowerCase() === account.address.toLowerCase() &&
      session.session.caipNetworkId === account.caipNetworkId &&
      Date.parse(session.session.expiresAt) > now().getTime()
    )
  }

  function forget() {
    deps.storage.removeItem(SESSION_KEY)
    store.set({ session: undefined })
  }

  return {
    state: store,
    enabled,
    required,
    hasSession: () => covers(store.get().session),
    async loadCode() {
      await code.load()
    },
    async signIn() {
      if (!enabled) throw new LatchError('SIWX is not enabled')
      const { signIn } = await code.load()
      await signIn({ deps, store, now, origin })
    },
    async cancel() {
      deps.events.emit({ type: 'track', event: 'CLICK_CANCEL_SIWX' })
      if (required) await deps.disconnect()
    },
    async signOut() {
      const stored = store.get().session
      forget()
      if (!stored) return
      await deps.api
        .post('/auth/v1/siwx/signout', {}, {}, { authorization: `Bearer ${stored.token}` })
        .catch(() => {})
    },
  }
}
