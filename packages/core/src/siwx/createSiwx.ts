import { ROUTES } from '@latch/protocol/routes'
import { LatchError } from '../errors.ts'
import { lazyCode } from '../lazy/lazyCode.ts'
import { settleWithin } from '../platform/timers.ts'
import { STORAGE_KEYS } from '../storage/index.ts'
import { createStore } from '../store.ts'
import type { SiwxController, SiwxDeps, SiwxState, SiwxStoredSession } from './types.ts'

export type {
  SiwxController,
  SiwxDeps,
  SiwxOptions,
  SiwxState,
  SiwxStoredSession,
} from './types.ts'

/** How long sign-out waits for the server's revoke before forgetting the session anyway. */
const SIGN_OUT_WAIT_MS = 5_000

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
      const stored = deps.storage.getJson(STORAGE_KEYS.siwxSession, isStoredSession)
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
    deps.storage.removeItem(STORAGE_KEYS.siwxSession)
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
      const chain = deps.activeAccount()?.caipNetworkId
      deps.events.emit({
        type: 'track',
        event: 'CLICK_CANCEL_SIWX',
        properties: chain ? { chain } : {},
      })
      if (required) await deps.disconnect()
    },
    async signOut() {
      const stored = store.get().session
      // The server revokes first: once the page says "signed out", the site's backend must
      // already refuse the token. A server that fails or hangs past the bound still signs the
      // visitor out here: the button never leaves them signed in.
      if (stored) {
        await settleWithin(
          deps.api.post(
            ROUTES.siwxSignOut.path,
            {},
            {},
            { authorization: `Bearer ${stored.token}` },
          ),
          SIGN_OUT_WAIT_MS,
        )
      }
      forget()
    },
  }
}
