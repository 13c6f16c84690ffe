import type { Locale } from './i18n/locales.ts'
// The wallet-frame protocol: what the kit (on the site's origin) and the embedded wallet's frame
// (on its own origin) say to each other by postMessage. No zod here: both page bundles import it.
//
// The app sends `{ type: '@latch-app/<NAME>', id, payload }`; the frame answers with
// `{ type: '@latch-frame/<NAME>_SUCCESS', id, payload }` or `{ type: '@latch-frame/<NAME>_ERROR',
// id, payload: { message, code? } }`. Events the frame raises on its own carry no id. Each side
// accepts a message only from the other's window and origin (see docs/architecture.md).

import type { SocialProvider } from './constants.ts'

/**
 * Account types: `eoa` is the user's own key; `smartAccount` the ERC-4337 account that key owns
 * (on EVM chains whose server has a bundler and the account factory).
 */
export type EmbeddedAccountType = 'eoa' | 'smartAccount'

/** The account type an embedded user acts with on EVM until they choose another. */
export const DEFAULT_EVM_ACCOUNT_TYPE: EmbeddedAccountType = 'smartAccount'

/**
 * One account of an embedded user, in its chain family's form: an EIP-55 address for `eip155`
 * (an entry without a namespace is one too), a base58 public key for `solana`.
 */
export type EmbeddedAccount =
  | { namespace?: 'eip155'; address: `0x${string}`; type: EmbeddedAccountType }
  | { namespace: 'solana'; address: string; type: EmbeddedAccountType }

/** The connected user (email, address, chain, accounts, name, type), as GET_USER returns it. */
export type ConnectedUser = {
  email?: string
  /** EIP-55 address of the account the user acts with on `chainId` (of `preferredAccountType`). */
  address: `0x${string}`
  chainId: number
  /**
   * Every account of the user: the EVM ones first (the smart account, where `chainId` has one,
   * then the owner EOA), then the Solana one.
   */
  accounts: EmbeddedAccount[]
  userName?: string
  /** The type of `address`: the smart account unless the user chose the EOA (or there is none). */
  preferredAccountType: EmbeddedAccountType
  /** Whether the smart account has code on `chainId`, as the chain said when the user was read. */
  smartAccountDeployed: boolean
  /** Set when the user logged in with a social provider (`dev` is the devnet's OIDC provider). */
  socialProvider?: SocialLoginProvider
  /** Set when the user logged in with Farcaster: their fid, name and avatar. */
  farcaster?: FarcasterProfile
}

/** A Farcaster account as Sign In With Farcaster tells it. */
export type FarcasterProfile = {
  fid: number
  username: string
  displayName?: string
  pfpUrl?: string
}

/** The server's answer to a Farcaster login the visitor declined in their app. */
export const FARCASTER_DECLINED_MESSAGE = 'You declined the sign-in in your Farcaster app'
/** The server's answer to a Farcaster login whose channel ran out before an answer. */
export const FARCASTER_EXPIRED_MESSAGE = 'This Farcaster sign-in expired: try again'

/** Social providers the server can log in with: all but farcaster, and the devnet's `dev`. */
export type SocialLoginProvider = Exclude<SocialProvider, 'farcaster'> | 'dev'

export const SOCIAL_LOGIN_PROVIDERS = [
  'google',
  'x',
  'discord',
  'apple',
  'github',
  'facebook',
  'dev',
] as const satisfies readonly SocialLoginProvider[]

/** What the email step asks of the user next. */
export type EmailAction = 'VERIFY_OTP' | 'VERIFY_DEVICE'
export type UpdateEmailAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

export type ThemeMode = 'dark' | 'light'

/** Each request the app may send, with its payload and what the frame answers on success. */
export type FrameRequests = {
  /** Starts an email login; a known user on a new device must approve it from their mail first. */
  CONNECT_EMAIL: { payload: { email: string }; result: { action: EmailAction } }
  /** Waits (at most the request timeout) until the device is approved; then the OTP is sent. */
  CONNECT_DEVICE: { payload: Record<string, never>; result: { approved: boolean } }
  /** Checks the 6-digit code; on success the frame holds a session and the user is connected. */
  CONNECT_OTP: { payload: { otp: string }; result: ConnectedUser }
  /** Starts a social login: the URL the app opens in its popup (the provider's authorize page). */
  GET_SOCIAL_REDIRECT_URI: {
    payload: { provider: SocialLoginProvider }
    result: { uri: string }
  }
  /**
   * Waits (at most the request timeout) for the popup's login to finish; `pending` means ask
   * again. Resolves with the user once the provider answered.
   */
  CONNECT_SOCIAL: {
    payload: Record<string, never>
    result: { status: 'pending' } | { status: 'connected'; user: ConnectedUser }
  }
  /** Drops a social login in progress (the visitor closed the popup or pressed cancel). */
  CANCEL_SOCIAL: { payload: Record<string, never>; result: Record<string, never> }
  /** Starts a Farcaster login: the relay channel's URL, shown as a QR code (and a phone link). */
  GET_FARCASTER_URI: { payload: Record<string, never>; result: { url: string; expiresAt: string } }
  /**
   * Waits (at most the request timeout) for the visitor's Farcaster app; `pending` means ask
   * again. Ends connected with the user, or declined, or expired; a refused message is an error.
   */
  CONNECT_FARCASTER: {
    payload: Record<string, never>
    result:
      | { status: 'pending' }
      | { status: 'declined' }
      | { status: 'expired' }
      | { status: 'connected'; user: ConnectedUser }
  }
  /** Drops the Farcaster login in progress (the visitor went back or closed the modal). */
  CANCEL_FARCASTER: { payload: Record<string, never>; result: Record<string, never> }
  /**
   * The user behind the frame's session, on `chainId` when given; an error when signed out. With
   * `preferredAccountType` (the kit's stored choice), the frame acts with that account from now on.
   */
  GET_USER: {
    payload: { chainId?: number; preferredAccountType?: EmbeddedAccountType }
    result: ConnectedUser
  }
  /**
   * Makes the smart account or the owner EOA the account the user acts with on EVM (the frame
   * keeps the choice); resolves with the user acting with it (their address is the new one).
   */
  SET_PREFERRED_ACCOUNT: { payload: { type: EmbeddedAccountType }; result: ConnectedUser }
  IS_CONNECTED: { payload: Record<string, never>; result: { isConnected: boolean } }
  SWITCH_NETWORK: { payload: { chainId: number }; result: { chainId: number } }
  /** Revokes the session on the server and forgets it in the frame. */
  SIGN_OUT: { payload: Record<string, never>; result: Record<string, never> }
  /** Sends a code to the current address and one to `email`. */
  UPDATE_EMAIL: { payload: { email: string }; result: { action: UpdateEmailAction } }
  UPDATE_EMAIL_PRIMARY_OTP: { payload: { otp: string }; result: { action: UpdateEmailAction } }
  UPDATE_EMAIL_SECONDARY_OTP: { payload: { otp: string }; result: { email: string } }
  /** Colours and language of the approval screen the frame draws. */
  SYNC_THEME: {
    payload: { themeMode: ThemeMode; themeVariables?: Record<string, string>; locale?: Locale }
    result: Record<string, never>
  }
  /** The site's name and icon, shown on the approval screen. */
  SYNC_DAPP_DATA: {
    payload: { name: string; url?: string; icon?: string }
    result: Record<string, never>
  }
  /**
   * A wallet call. Unsafe methods wait for the user's click on the frame's own approval
   * screen; other methods outside the safe list are refused with RPC_NOT_ALLOWED_MESSAGE.
   */
  RPC_REQUEST: {
    payload: {
      method: string
      params?: unknown
      /** The EVM chain of an eip155 method (required for those); solana_* methods ignore it. */
      chainId?: number
      /**
       * The Solana network (CAIP-2, `solana:<genesis>`) of a solana_* method; when absent, the
       * server's first configured Solana network.
       */
      caipNetworkId?: string
    }
    result: unknown
  }
  /** Rejects the approval in progress (the modal was closed): the request fails with code 4001. */
  RPC_ABORT: { payload: Record<string, never>; result: Record<string, never> }
  /**
   * The gas and highest price per gas of a transaction of the user's smart account on `chainId`
   * (its user operation, estimated by the server's bundler; nothing is signed): null for an
   * account the server does not estimate this way (the EOA's transactions are the chain's to
   * estimate).
   */
  ESTIMATE_FEE: {
    payload: {
      transaction: { from: `0x${string}`; to: `0x${string}`; value?: string; data?: `0x${string}` }
      chainId: number
    }
    result: { gas: string; maxFeePerGas: string } | null
  }
}

export type FrameRequestName = keyof FrameRequests

const isEvmAccount = (account: EmbeddedAccount) =>
  account.namespace === undefined || account.namespace === 'eip155'

/**
 * The user acting with their account of `type` on EVM: `address` and `preferredAccountType` name
 * it. A type the user has no account of on this chain (no smart account where the server has no
 * bundler) falls back to the owner EOA, so the address is always one the user controls there.
 * @example withPreferredAccount(user, 'eoa').address // the owner key's address
 */
export function withPreferredAccount(
  user: ConnectedUser,
  type: EmbeddedAccountType,
): ConnectedUser {
  const evm = user.accounts.filter(isEvmAccount)
  const chosen =
    evm.find((account) => account.type === type) ??
    evm.find((account) => account.type === 'eoa') ??
    evm[0]
  if (!chosen) return user
  return { ...user, address: chosen.address as `0x${string}`, preferredAccountType: chosen.type }
}

/** The user's EVM account of `type`, if they have one on the user's chain. */
export function evmAccountOf(
  user: ConnectedUser,
  type: EmbeddedAccountType,
): `0x${string}` | undefined {
  const found = user.accounts.find((account) => isEvmAccount(account) && account.type === type)
  return found?.address as `0x${string}` | undefined
}

/** Events the frame raises on its own (no id). */
export type FrameEvents = {
  /** Sent once the frame listens; the app waits FRAME_READY_DELAY_MS more before its first request. */
  READY: Record<string, never>
  /** The approval screen for request `id` is drawn and waiting for the user. */
  APPROVAL_SHOWN: { id: string; method: string }
  ACCOUNTS_CHANGED: { accounts: `0x${string}`[] }
  CHAIN_CHANGED: { chainId: number }
  /** The server refused the session (expired or revoked): the app disconnects. */
  SESSION_EXPIRED: Record<string, never>
  /**
   * Something the visitor should know of a request that went through: the site did not pay a
   * smart account's network fee as it could have, and why (the account paid). The app shows it.
   */
  NOTICE: { message: string }
}

export type FrameEventName = keyof FrameEvents

export const APP_MESSAGE_PREFIX = '@latch-app/'
export const FRAME_MESSAGE_PREFIX = '@latch-frame/'

export type AppMessage<Name extends FrameRequestName = FrameRequestName> = {
  [N in Name]: { type: `@latch-app/${N}`; id: string; payload: FrameRequests[N]['payload'] }
}[Name]

export type FrameError = { message: string; code?: number }

export type FrameReply<Name extends FrameRequestName = FrameRequestName> = {
  [N in Name]:
    | { type: `@latch-frame/${N}_SUCCESS`; id: string; payload: FrameRequests[N]['result'] }
    | { type: `@latch-frame/${N}_ERROR`; id: string; payload: FrameError }
}[Name]

export type FrameEvent<Name extends FrameEventName = FrameEventName> = {
  [N in Name]: { type: `@latch-frame/${N}`; payload: FrameEvents[N] }
}[Name]

/**
 * Read-only calls and raw transactions: the kit sends these to the Latch gateway itself,
 * without the frame; eth_accounts, eth_requestAccounts and eth_chainId it answers from the user.
 */
export const SAFE_RPC_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_uninstallFilter',
  'eth_syncing',
  'net_version',
  'web3_clientVersion',
  'eth_sendRawTransaction',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_showCallsStatus',
  'wallet_switchEthereumChain',
] as const

/** Calls that sign or spend: each needs the user's click on the frame's approval screen. */
export const UNSAFE_RPC_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const

/**
 * The calls that spend gas: the frame asks the server (POST /wallet/v1/rpc/cost) what each would
 * cost before its approval screen is drawn, and the server costs only these.
 */
export const COSTED_METHODS = [
  'eth_sendTransaction',
  'wallet_sendCalls',
] as const satisfies readonly (typeof UNSAFE_RPC_METHODS)[number][]

export type RpcMethodKind = 'safe' | 'unsafe' | 'not-allowed'

/** Which side of the safe/unsafe split a method is on. */
export function rpcMethodKind(method: string): RpcMethodKind {
  if ((SAFE_RPC_METHODS as readonly string[]).includes(method)) return 'safe'
  if ((UNSAFE_RPC_METHODS as readonly string[]).includes(method)) return 'unsafe'
  return 'not-allowed'
}

/** The error of a call outside both lists, and what the user is shown. */
export const RPC_NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed'
export const RPC_NOT_ALLOWED_USER_MESSAGE = 'Action not allowed'
/** The user sees RPC_NOT_ALLOWED_USER_MESSAGE this long after the refusal. */
export const RPC_NOT_ALLOWED_DELAY_MS = 300

/** EIP-1193 code of a request the user rejected (the frame's Reject button). */
export const USER_REJECTED_CODE = 4001

/** The frame must load within this, else 'Embedded wallet load failed'. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000
/** Email, device, OTP and social requests fail after this ('Embedded Wallet Request Timed Out'). */
export const FRAME_REQUEST_TIMEOUT_MS = 30_000
/** The app waits this long after READY before its first request. */
export const FRAME_READY_DELAY_MS = 500
/** Sign-out waits for the frame at most this long. */
export const FRAME_SIGN_OUT_TIMEOUT_MS = 3_000
/** A second email login within this is refused. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000
/** How long the frame's server waits on one long poll (device approval, social result). */
export const FRAME_LONG_POLL_MS = 25_000

/** Digits of an email one-time code. */
export const OTP_LENGTH = 6

/** Path of the frame page on its origin; the app adds `?projectId=...`. */
export const FRAME_PAGE_PATH = '/frame'

/**
 * The `<meta name>` in the frame page listing the origins its project allows to embed it, as a
 * JSON array: the frame answers no other parent, whatever the browser's frame-ancestors did.
 */
export const FRAME_PARENT_ORIGINS_META = 'latch-parent-origins'
