import { NOT_SIGNED_IN_MESSAGE } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import { chainIdField, optionalChainIdField, payloadRecord } from '../messages/payload.ts'
import {
  callWithSession,
  type FrameContext,
  type HandlerGroup,
  toConnectedUser,
} from './context.ts'

/** The signed-in user, the active chain and sign-out. */
export function sessionHandlers(
  context: FrameContext,
): HandlerGroup<'GET_USER' | 'IS_CONNECTED' | 'SWITCH_NETWORK' | 'SIGN_OUT'> {
  const { api, store } = context

  return {
    async GET_USER(payload) {
      const chainId = optionalChainIdField(payloadRecord(payload), 'chainId') ?? store.chainId()
      const user = await callWithSession(context, 'session/user', chainId ? { chainId } : {})
      return toConnectedUser(user)
    },
    async IS_CONNECTED() {
      return { isConnected: store.session() !== null }
    },
    async SWITCH_NETWORK(payload) {
      const chainId = chainIdField(payloadRecord(payload), 'chainId')
      store.setChainId(chainId)
      context.emit('CHAIN_CHANGED', { chainId })
      return { chainId }
    },
    async SIGN_OUT() {
      const session = store.session()
      store.setSession(undefined)
      store.setPendingEmail(undefined)
      store.setSocialFlow(undefined)
      context.approvals.rejectAll(new FrameRequestError(NOT_SIGNED_IN_MESSAGE))
      // Revoking is best effort: the frame has forgotten the token either way.
      if (session) await api('session/signout', {}, session.token).catch(() => undefined)
      return {}
    },
  }
}
