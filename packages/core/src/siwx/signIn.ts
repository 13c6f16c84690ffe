import type { SiwxVerifyResponse } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import { KNOWN_ALERTS } from '../alerts/index.ts'
import { HttpStatusError } from '../api/client.ts'
import { displayMessage } from '../displayMessage.ts'
import { LatchError, UserRejectedError } from '../errors.ts'
import { STORAGE_KEYS } from '../storage/index.ts'
import type { Store } from '../store.ts'
import type { SiwxDeps, SiwxState } from './types.ts'

/** What a sign-in works with: the controller's dependencies and state. */
export type SignInContext = {
  deps: SiwxDeps
  store: Store<SiwxState>
  now(): Date
  origin(): { host: string; origin: string } | undefined
}

/**
 * Signs in (CAIP-122): a nonce from the server, the message signed by the wallet, verified by the
 * server, the session stored. Its own chunk: only a site that asks for sign-in loads it.
 */
export async function signIn({ deps, store, now, origin }: SignInContext): Promise<void> {
  const account = deps.activeAccount()
  if (!account) throw new LatchError('No ActiveCaipAddress found')
  const where = origin()
  if (!where) throw new LatchError('No ActiveCaipNetwork or client found')
  const chain = account.caipNetworkId
  /** SIWX_AUTH_ERROR with the sentence the visitor was shown. */
  const failed = (message: string) =>
    deps.events.emit({ type: 'track', event: 'SIWX_AUTH_ERROR', properties: { chain, message } })
  store.set({ status: 'signing' })
  deps.snackbar.showLoading('Authenticating...')
  let nonce: string
  try {
    nonce = (await deps.api.get<{ nonce: string }>(ROUTES.siwxNonce.path)).nonce
  } catch (error) {
    store.set({ status: 'error' })
    deps.snackbar.showError('A problem occurred while trying initialize authentication')
    failed('A problem occurred while trying initialize authentication')
    await deps.disconnect().catch(() => {})
    deps.onStartFailed()
    throw error
  }
  let text: string
  try {
    text = await deps.signInMessage({
      domain: where.host,
      caipAddress: account.caipAddress,
      ...(deps.options?.statement ? { statement: deps.options.statement } : {}),
      uri: where.origin,
      version: '1',
      nonce,
      issuedAt: now().toISOString(),
    })
  } catch (error) {
    store.set({ status: 'error' })
    deps.snackbar.showError(error instanceof Error ? error : 'An error occurred')
    failed(error instanceof Error ? displayMessage(error) : 'An error occurred')
    throw error
  }
  try {
    const signature = await deps.signMessage(text)
    const verified = await deps.api.post<SiwxVerifyResponse>(ROUTES.siwxVerify.path, {
      message: text,
      signature,
    })
    const session = { token: verified.token, session: verified.session }
    deps.storage.setJson(STORAGE_KEYS.siwxSession, session)
    store.set({ status: 'idle', session })
    deps.snackbar.hide()
    deps.events.emit({ type: 'track', event: 'SIWX_AUTH_SUCCESS', properties: { chain } })
    deps.onSignedIn()
  } catch (error) {
    store.set({ status: 'error' })
    let message: string
    if (error instanceof UserRejectedError) {
      message = 'Signature declined'
      deps.snackbar.showError(message)
    } else if (error instanceof HttpStatusError && /Session Expired/i.test(error.details ?? '')) {
      message = KNOWN_ALERTS.sessionExpired.shortMessage
      deps.snackbar.hide()
      deps.alerts.raise(KNOWN_ALERTS.sessionExpired)
    } else {
      message = error instanceof Error ? displayMessage(error) : 'An error occurred'
      deps.snackbar.showError(message)
    }
    failed(message)
    throw error
  }
}
