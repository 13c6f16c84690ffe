import type { SiwxSession, SiwxVerifyResponse } from '@latch/protocol'
import { formatSiweMessage, type SiweMessage } from '@latch/protocol/siwx'
import { UserRejectedError } from '../adapters/evm/errors.ts'
import { type AlertsController, KNOWN_ALERTS } from '../alerts/index.ts'
import { type ApiClient, HttpStatusError } from '../api/client.ts'
import { LatchError } from '../errors.ts'
import type { EventsController } from '../events/index.ts'
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
  /** The connected account as CAIP-10 pieces, when there is one. */
  activeAccount(): { address: string; chainId: number } | undefined
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
  /** Creates the message, has the wallet sign it, has the server verify it, stores the session. */
  signIn(): Promise<void>
  /** The visitor declines to sign in: disconnects when sign-in is required. */
  cancel(): Promise<void>
  /** Revokes the session on the server and forgets it here. */
  signOut(): Promise<void>
}

const SESSION_KEY = '@latch/siwx_session'

function isStoredSession(value: unknown): value is SiwxStoredSession {
  const candidate = value as { token?: unknown; session?: { address?: unknown } } | null
  return typeof candidate?.token === 'string' && typeof candidate.session?.address === 'string'
}

/**
 * Sign-in with the wallet: an EIP-4361 message with a server nonce, verified by the
 * Latch server, which holds the session.
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

  function covers(session: SiwxStoredSession | undefined) {
    const account = deps.activeAccount()
    return (
      session !== undefined &&
      account !== undefined &&
      session.session.address.toLowerCase() === account.address.toLowerCase() &&
      session.session.chainId === account.chainId &&
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
    async signIn() {
      if (!enabled) throw new LatchError('SIWX is not enabled')
      const account = deps.activeAccount()
      if (!account) throw new LatchError('No ActiveCaipAddress found')
      const where = origin()
      if (!where) throw new LatchError('No ActiveCaipNetwork or client found')
      store.set({ status: 'signing' })
      deps.snackbar.showLoading('Authenticating...')
      let nonce: string
      try {
        nonce = (await deps.api.get<{ nonce: string }>('/auth/v1/siwx/nonce')).nonce
      } catch (error) {
        store.set({ status: 'error' })
        deps.snackbar.showError('A problem occurred while trying initialize authentication')
        deps.events.emit({ type: 'track', event: 'SIWX_AUTH_ERROR' })
        await deps.disconnect().catch(() => {})
        deps.onStartFailed()
        throw error
      }
      const message: SiweMessage = {
        domain: where.host,
        address: account.address as `0x${string}`,
        ...(deps.options?.statement ? { statement: deps.options.statement } : {}),
        uri: where.origin,
        version: '1',
        chainId: account.chainId,
        nonce,
        issuedAt: now().toISOString(),
      }
      const text = formatSiweMessage(message)
      try {
        const signature = await deps.signMessage(text)
        const verified = await deps.api.post<SiwxVerifyResponse>('/auth/v1/siwx/verify', {
          message: text,
          signature,
        })
        const session = { token: verified.token, session: verified.session }
        deps.storage.setJson(SESSION_KEY, session)
        store.set({ status: 'idle', session })
        deps.snackbar.hide()
        deps.events.emit({ type: 'track', event: 'SIWX_AUTH_SUCCESS' })
        deps.onSignedIn()
      } catch (error) {
        store.set({ status: 'error' })
        if (error instanceof UserRejectedError) deps.snackbar.showError('Signature declined')
        else if (error instanceof HttpStatusError && /Session Expired/i.test(error.details ?? '')) {
          deps.snackbar.hide()
          deps.alerts.raise(KNOWN_ALERTS.sessionExpired)
        } else deps.snackbar.showError(error instanceof Error ? error : 'An error occurred')
        deps.events.emit({ type: 'track', event: 'SIWX_AUTH_ERROR' })
        throw error
      }
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
