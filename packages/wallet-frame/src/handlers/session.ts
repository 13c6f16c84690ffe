import type { EmbeddedAccountType } from '@latch/protocol/frame'
import { NOT_SIGNED_IN_MESSAGE } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import { chainIdField, optionalChainIdField, payloadRecord } from '../messages/payload.ts'
import {
  actingUser,
  activeEvmAddress,
  callWithSession,
  type FrameContext,
  type HandlerGroup,
  preferredAccountType,
} from './context.ts'

/** An account type field: 'eoa' or 'smartAccount'. */
function accountTypeField(
  payload: Record<string, unknown>,
  key: string,
): EmbeddedAccountType | undefined {
  const value = payload[key]
  if (value === undefined) return undefined
  if (value !== 'eoa' && value !== 'smartAccount')
    throw new FrameRequestError(`Invalid request: ${key} must be 'eoa' or 'smartAccount'`)
  return value
}

/** The signed-in user, the account they act with, the active chain and sign-out. */
export function sessionHandlers(
  context: FrameContext,
): HandlerGroup<
  'GET_USER' | 'SET_PREFERRED_ACCOUNT' | 'IS_CONNECTED' | 'SWITCH_NETWORK' | 'SIGN_OUT'
> {
  const { api, store } = context

  /** The user on `chainId` (else the active chain), as the server sees them now. */
  async function readUser(chainId: number | undefined) {
    const user = await callWithSession(context, 'session/user', chainId ? { chainId } : {})
    return actingUser(context, user)
  }

  return {
    async GET_USER(payload) {
      const record = payloadRecord(payload)
      const chainId = optionalChainIdField(record, 'chainId') ?? store.chainId()
      // The kit keeps the visitor's choice across visits; the frame acts on it from now on.
      const preferred = accountTypeField(record, 'preferredAccountType')
      if (preferred) store.setPreferredAccountType(preferred)
      return readUser(chainId)
    },
    async SET_PREFERRED_ACCOUNT(payload) {
      const type = accountTypeField(payloadRecord(payload), 'type')
      if (!type)
        throw new FrameRequestError("Invalid request: type must be 'eoa' or 'smartAccount'")
      store.setPreferredAccountType(type)
      return readUser(store.chainId())
    },
    async IS_CONNECTED() {
      return { isConnected: store.session() !== null }
    },
    async SWITCH_NETWORK(payload) {
      const chainId = chainIdField(payloadRecord(payload), 'chainId')
      const before = store.session() ? activeEvmAddress(context) : undefined
      store.setChainId(chainId)
      context.emit('CHAIN_CHANGED', { chainId })
      // A smart account exists only where the server has a bundler: on another chain the user may
      // act with another address, and the app is told.
      if (before && preferredAccountType(context) === 'smartAccount') {
        const user = await readUser(chainId).catch(() => undefined)
        if (user && user.address !== before)
          context.emit('ACCOUNTS_CHANGED', { accounts: [user.address] })
      }
      return { chainId }
    },
    async SIGN_OUT() {
      const session = store.session()
      store.setSession(undefined)
      store.setPendingEmail(undefined)
      store.setSocialFlow(undefined)
      store.setFarcasterFlow(undefined)
      context.approvals.rejectAll(new FrameRequestError(NOT_SIGNED_IN_MESSAGE))
      // Revoking is best effort: the frame has forgotten the token either way.
      if (session) await api('session/signout', {}, session.token).catch(() => undefined)
      return {}
    },
  }
}
