import { SOCIAL_LOGIN_PROVIDERS, type SocialLoginProvider } from '@latch/protocol/frame'
import type { WalletApiRoutes } from '../api/types.ts'
import { WalletApiError } from '../api/walletApi.ts'
import { NO_SOCIAL_LOGIN_MESSAGE } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import { payloadRecord, stringField } from '../messages/payload.ts'
import { type FrameContext, type HandlerGroup, requireProjectId, startSession } from './context.ts'

/**
 * Social login: the app opens the provider's page in a popup, the provider returns to the frame
 * origin's callback, and the frame collects the result with a secret only it holds.
 */
export function socialHandlers(
  context: FrameContext,
): HandlerGroup<'GET_SOCIAL_REDIRECT_URI' | 'CONNECT_SOCIAL' | 'CANCEL_SOCIAL'> {
  const { api, store } = context

  return {
    async GET_SOCIAL_REDIRECT_URI(payload) {
      const provider = stringField(payloadRecord(payload), 'provider')
      if (!(SOCIAL_LOGIN_PROVIDERS as readonly string[]).includes(provider)) {
        throw new FrameRequestError(`Unknown social provider: ${provider}`)
      }
      const flow = await api('social/start', {
        provider: provider as SocialLoginProvider,
        deviceId: store.deviceId(),
        projectId: requireProjectId(context),
      })
      store.setSocialFlow({ flowId: flow.flowId, flowSecret: flow.flowSecret })
      return { uri: flow.authorizationUrl }
    },
    async CONNECT_SOCIAL() {
      const flow = store.socialFlow()
      if (!flow) throw new FrameRequestError(NO_SOCIAL_LOGIN_MESSAGE)
      let outcome: WalletApiRoutes['social/finish']['response']
      try {
        outcome = await api('social/finish', flow)
      } catch (error) {
        // The server refused the flow (expired, denied, cancelled): it cannot finish any more.
        if (error instanceof WalletApiError && error.status < 500 && error.status !== 429) {
          store.setSocialFlow(undefined)
        }
        throw error
      }
      if (outcome.status === 'pending') return { status: 'pending' }
      store.setSocialFlow(undefined)
      return { status: 'connected', user: startSession(context, outcome) }
    },
    async CANCEL_SOCIAL() {
      const flow = store.socialFlow()
      store.setSocialFlow(undefined)
      // Forgetting the secret already ends the flow for this frame; telling the server is a courtesy.
      if (flow) await api('social/cancel', flow).catch(() => undefined)
      return {}
    },
  }
}
