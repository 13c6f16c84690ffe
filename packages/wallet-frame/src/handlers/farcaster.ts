import { FARCASTER_DECLINED_MESSAGE, FARCASTER_EXPIRED_MESSAGE } from '@latch/protocol/frame'
import type { WalletApiRoutes } from '../api/types.ts'
import { WalletApiError } from '../api/walletApi.ts'
import { FrameRequestError } from '../errors.ts'
import { type FrameContext, type HandlerGroup, requireProjectId, startSession } from './context.ts'

const NO_FARCASTER_LOGIN_MESSAGE = 'No Farcaster login in progress'

/**
 * Log in with Farcaster: the server opens a relay channel whose URL the app shows as a QR code,
 * and the frame collects the result with a secret only it holds, so the session never reaches
 * the site.
 */
export function farcasterHandlers(
  context: FrameContext,
): HandlerGroup<'GET_FARCASTER_URI' | 'CONNECT_FARCASTER' | 'CANCEL_FARCASTER'> {
  const { api, store } = context

  return {
    async GET_FARCASTER_URI() {
      const previous = store.farcasterFlow()
      if (previous) void api('farcaster/cancel', previous).catch(() => undefined)
      const flow = await api('farcaster/start', {
        deviceId: store.deviceId(),
        projectId: requireProjectId(context),
      })
      store.setFarcasterFlow({ flowId: flow.flowId, flowSecret: flow.flowSecret })
      return { url: flow.url, expiresAt: flow.expiresAt }
    },
    async CONNECT_FARCASTER() {
      const flow = store.farcasterFlow()
      if (!flow) throw new FrameRequestError(NO_FARCASTER_LOGIN_MESSAGE)
      let outcome: WalletApiRoutes['farcaster/finish']['response']
      try {
        outcome = await api('farcaster/finish', flow)
      } catch (error) {
        // The server ended the login (declined, expired, refused, cancelled): it cannot finish.
        if (error instanceof WalletApiError && error.status < 500 && error.status !== 429) {
          store.setFarcasterFlow(undefined)
          if (error.message === FARCASTER_DECLINED_MESSAGE) return { status: 'declined' }
          if (error.message === FARCASTER_EXPIRED_MESSAGE) return { status: 'expired' }
        }
        throw error
      }
      if (outcome.status === 'pending') return { status: 'pending' }
      store.setFarcasterFlow(undefined)
      return { status: 'connected', user: startSession(context, outcome) }
    },
    async CANCEL_FARCASTER() {
      const flow = store.farcasterFlow()
      store.setFarcasterFlow(undefined)
      // Forgetting the secret already ends the login for this frame; telling the server is a courtesy.
      if (flow) await api('farcaster/cancel', flow).catch(() => undefined)
      return {}
    },
  }
}
