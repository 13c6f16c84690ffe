import type { SessionsResponse } from '@latch/protocol/smart-sessions'
import { displayMessage } from '../displayMessage.ts'
import { createStore, type ReadableStore } from '../store.ts'
import {
  describeSession,
  type KnownToken,
  type SessionRow,
  type TokenBook,
} from './describeSession.ts'
import type { RevokeRequest } from './revokePermissions.ts'

/** The Account view's sessions: loading, then the list (maybe empty) or why it could not load. */
export type SessionListState =
  | { status: 'loading' }
  | { status: 'ready'; sessions: SessionRow[]; revoking?: `0x${string}` }
  | { status: 'error'; message: string }

/** The account whose sessions are listed, on its chain. */
export type SessionListAccount = { address: `0x${string}`; caipNetworkId: string }

export type SessionListDeps = {
  account(): SessionListAccount | undefined
  /** GET /v1/sessions/{address}?chainId= */
  fetchSessions(address: string, caipNetworkId: string): Promise<SessionsResponse>
  /** The chain's tokens (symbol and decimals by lower-case address) and its native coin. */
  tokens(caipNetworkId: string): Promise<{ tokens: TokenBook; native: KnownToken }>
  revoke(request: RevokeRequest): Promise<void>
  snackbar: { showError(message: string): void; showSuccess(message: string): void }
}

export type SessionListController = {
  readonly state: ReadableStore<SessionListState>
  /** Reads the account's sessions again (status and usage come from the chain, through the server). */
  load(): Promise<void>
  /** Ends a session through the wallet (the visitor approves it there), then lists again. */
  revoke(pci: `0x${string}`): Promise<void>
}

/** What the visitor is told once a session is revoked. */
export const SESSION_REVOKED = 'Session revoked'

/**
 * The flow behind the Account view's Sessions: lists the connected account's smart sessions (site,
 * permissions, usage this period, expiry, status) and revokes one, the list read again after.
 */
export function createSessionList(deps: SessionListDeps): SessionListController {
  // One field, replaced whole: the store merges, and a state must not keep another's fields.
  const store = createStore<{ current: SessionListState }>({ current: { status: 'loading' } })
  const state: ReadableStore<SessionListState> = {
    get: () => store.get().current,
    subscribe: (listener) =>
      store.subscribe((next, previous) => listener(next.current, previous.current)),
  }
  const set = (current: SessionListState) => store.set({ current })
  let generation = 0

  async function load(): Promise<void> {
    const account = deps.account()
    const run = ++generation
    if (!account) {
      set({ status: 'ready', sessions: [] })
      return
    }
    if (state.get().status !== 'ready') set({ status: 'loading' })
    try {
      const [{ sessions }, { tokens, native }] = await Promise.all([
        deps.fetchSessions(account.address, account.caipNetworkId),
        deps.tokens(account.caipNetworkId),
      ])
      if (run !== generation) return
      set({
        status: 'ready',
        sessions: sessions
          .filter((session) => session.chainId === account.caipNetworkId)
          .map((session) => describeSession(session, tokens, native)),
      })
    } catch (error) {
      if (run === generation) set({ status: 'error', message: displayMessage(error) })
    }
  }

  async function revoke(pci: `0x${string}`): Promise<void> {
    const current = state.get()
    const account = deps.account()
    if (current.status !== 'ready' || current.revoking || !account) return
    set({ ...current, revoking: pci })
    const chainId = `0x${Number(account.caipNetworkId.split(':')[1]).toString(16)}` as const
    try {
      await deps.revoke({ permissionsContext: pci, chainId })
      deps.snackbar.showSuccess(SESSION_REVOKED)
    } catch (error) {
      deps.snackbar.showError(displayMessage(error))
    }
    const after = state.get()
    if (after.status === 'ready') set({ status: 'ready', sessions: after.sessions })
    await load()
  }

  return { state, load, revoke }
}
