import {
  type ConnectedUser,
  type EmbeddedAccountType,
  FRAME_SIGN_OUT_TIMEOUT_MS,
} from '@latch/protocol/frame'
import { LatchError } from '../errors.ts'
import { settleWithin } from '../platform/timers.ts'
import { connectChain } from './connectorChain.ts'
import type { FrameClient, Timers } from './types.ts'

/**
 * Opens the embedded wallet's session through the frame: a reconnection only restores a session
 * the frame still has (a gone one is forgotten). The user comes with the account type the visitor
 * chose earlier, on the chain `connectChain` picks (the smart account is the chain's own, so the
 * user is read again there after a switch).
 * @throws LatchError 'No embedded wallet session to restore' when reconnecting finds none.
 */
export async function openSession(
  frame: Pick<FrameClient, 'request'>,
  request: { wanted?: number | undefined; isReconnecting?: boolean | undefined },
  deps: {
    preferredAccountType(): EmbeddedAccountType | undefined
    setStoredSession(stored: boolean): void
    isSiteChain(id: number): boolean
    /** The site's first chain. */
    firstChain: number
  },
): Promise<{ user: ConnectedUser; chainId: number }> {
  if (request.isReconnecting) {
    const { isConnected } = await frame.request('IS_CONNECTED', {})
    if (!isConnected) {
      deps.setStoredSession(false)
      throw new LatchError('No embedded wallet session to restore')
    }
  }
  // The visitor's earlier choice of account type, kept by the kit, is the frame's too.
  const preferred = deps.preferredAccountType()
  let user = await frame.request('GET_USER', preferred ? { preferredAccountType: preferred } : {})
  const chainId = connectChain(request.wanted, user.chainId, deps.isSiteChain, deps.firstChain)
  if (chainId !== user.chainId) {
    await frame.request('SWITCH_NETWORK', { chainId })
    // The smart account is the chain's: the user as they are there.
    user = await frame.request('GET_USER', { chainId })
  }
  return { user, chainId }
}

/**
 * Whether a session an earlier visit left is still open in the frame; one that is gone is
 * forgotten, with nothing to tell the visitor. False without a stored session (the frame is not
 * loaded then) and when the frame cannot say.
 */
export async function sessionStillOpen(
  frame: () => Promise<Pick<FrameClient, 'request'>>,
  deps: { hasStoredSession(): boolean; setStoredSession(stored: boolean): void },
): Promise<boolean> {
  if (!deps.hasStoredSession()) return false
  try {
    const { isConnected } = await (await frame()).request('IS_CONNECTED', {})
    if (!isConnected) deps.setStoredSession(false)
    return isConnected
  } catch {
    return false
  }
}

/** Signs out in the frame, waiting for it at most 3 s: the kit forgets the session anyway. */
export async function signOut(frame: Pick<FrameClient, 'request'>, timers: Timers): Promise<void> {
  await settleWithin(
    frame.request('SIGN_OUT', {}, { timeoutMs: FRAME_SIGN_OUT_TIMEOUT_MS, alertOnTimeout: false }),
    FRAME_SIGN_OUT_TIMEOUT_MS,
    timers,
  )
}
