import type { FrameRequestName } from '@latch/protocol/frame'

// A record, not a list, so the compiler fails when the protocol gains a request this page lacks.
const REQUEST_NAMES: Record<FrameRequestName, true> = {
  CONNECT_EMAIL: true,
  CONNECT_DEVICE: true,
  CONNECT_OTP: true,
  GET_SOCIAL_REDIRECT_URI: true,
  CONNECT_SOCIAL: true,
  CANCEL_SOCIAL: true,
  GET_FARCASTER_URI: true,
  CONNECT_FARCASTER: true,
  CANCEL_FARCASTER: true,
  GET_USER: true,
  SET_PREFERRED_ACCOUNT: true,
  IS_CONNECTED: true,
  SWITCH_NETWORK: true,
  SIGN_OUT: true,
  UPDATE_EMAIL: true,
  UPDATE_EMAIL_PRIMARY_OTP: true,
  UPDATE_EMAIL_SECONDARY_OTP: true,
  SYNC_THEME: true,
  SYNC_DAPP_DATA: true,
  RPC_REQUEST: true,
  RPC_ABORT: true,
  ESTIMATE_FEE: true,
}

/** Whether `name` is one of the protocol's FrameRequests. */
export function isFrameRequestName(name: string): name is FrameRequestName {
  return Object.hasOwn(REQUEST_NAMES, name)
}
