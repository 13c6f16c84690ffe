import {
  type ConnectedUser,
  DEFAULT_EVM_ACCOUNT_TYPE,
  type EmbeddedAccountType,
  evmAccountOf,
  type FrameEventName,
  type FrameEvents,
  type FrameRequestName,
  type FrameRequests,
  withPreferredAccount,
} from '@latch/protocol/frame'
import type { Locale } from '@latch/protocol/i18n'
import type { WalletApiRoutes } from '../api/types.ts'
import { type WalletApi, WalletApiError } from '../api/walletApi.ts'
import type { ApprovalQueue } from '../approval/approvalQueue.ts'
import { NOT_SIGNED_IN_MESSAGE } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import type { FrameStore, StoredSession, StoredTheme } from '../state/frameStore.ts'

/** The site's name and icon from SYNC_DAPP_DATA: the site's own claim, shown as such. */
export type DappData = { name: string; url?: string; icon?: string }

/** What the request handlers work with; main.ts builds it from the page, tests from stand-ins. */
export type FrameContext = {
  api: WalletApi
  store: FrameStore
  /** The page's ?projectId, or null when the URL has none. */
  projectId: string | null
  approvals: ApprovalQueue
  /** Posts an event to the parent. */
  emit: <N extends FrameEventName>(name: N, payload: FrameEvents[N]) => void
  /** Redraws with the theme (the store already holds it). */
  applyTheme: (theme: StoredTheme) => void
  dapp: { current: DappData | undefined }
  /** The approval screen speaks `locale` from now on (the kit's language). */
  setLocale?: (locale: Locale) => Promise<void>
  /**
   * The embedding site's origin, as the browser reported it (checked against the project's list
   * before the frame answers anything): the site a smart session is recorded for.
   */
  parentOrigin?: string
}

/** Answers one request; `payload` is the app's unchecked data. */
export type Handler<N extends FrameRequestName> = (
  payload: unknown,
  request: { id: string },
) => Promise<FrameRequests[N]['result']>

/** Handlers for some of the requests. */
export type HandlerGroup<N extends FrameRequestName> = { [K in N]: Handler<K> }

type SessionPath = {
  [P in keyof WalletApiRoutes]: WalletApiRoutes[P]['auth'] extends true ? P : never
}[keyof WalletApiRoutes]

/** The session, or the 'Not signed in' error. */
export function requireSession(context: FrameContext): StoredSession {
  const session = context.store.session()
  if (!session) throw new FrameRequestError(NOT_SIGNED_IN_MESSAGE)
  return session
}

/**
 * Calls an authenticated route with the session's token. A 401 means the server dropped the
 * session: the frame forgets it and tells the app (SESSION_EXPIRED) before failing the request.
 */
export async function callWithSession<P extends SessionPath>(
  context: FrameContext,
  path: P,
  body: WalletApiRoutes[P]['body'],
): Promise<WalletApiRoutes[P]['response']> {
  const session = requireSession(context)
  try {
    return await context.api(path, body, session.token)
  } catch (error) {
    if (error instanceof WalletApiError && error.status === 401) {
      context.store.setSession(undefined)
      context.emit('SESSION_EXPIRED', {})
    }
    throw error
  }
}

/**
 * Keeps the session of a login and returns its user for the app (without the token), on the
 * active chain when one was chosen, acting with the account of the user's preferred type.
 */
export function startSession(
  context: FrameContext,
  login: { sessionToken: string; expiresAt: string; user: ConnectedUser },
): ConnectedUser {
  const solanaAddress = solanaAccountOf(login.user)
  const owner = evmAccountOf(login.user, 'eoa') ?? login.user.address
  context.store.setSession({
    token: login.sessionToken,
    expiresAt: login.expiresAt,
    address: owner,
    ...(solanaAddress && { solanaAddress }),
  })
  return actingUser(context, {
    ...login.user,
    chainId: context.store.chainId() ?? login.user.chainId,
  })
}

/** The account type the user acts with on EVM: their choice, else the smart account. */
export function preferredAccountType(context: FrameContext): EmbeddedAccountType {
  return context.store.preferredAccountType() ?? DEFAULT_EVM_ACCOUNT_TYPE
}

/**
 * The user as the app gets it, from the server's answer: only ConnectedUser's fields (nothing
 * else the server may add ever reaches the site), acting with the preferred account. The
 * session keeps the user's smart account on that chain, for eth_accounts and the screen.
 */
export function actingUser(context: FrameContext, user: ConnectedUser): ConnectedUser {
  const session = context.store.session()
  if (session) {
    const smartAccount = evmAccountOf(user, 'smartAccount')
    const { smartAccount: _previous, ...rest } = session
    context.store.setSession(smartAccount ? { ...rest, smartAccount } : rest)
  }
  return withPreferredAccount(toConnectedUser(user), preferredAccountType(context))
}

/**
 * The EVM address the user acts with now: the smart account when they prefer it and the active
 * chain has one, else their own key's.
 */
export function activeEvmAddress(context: FrameContext): `0x${string}` {
  const session = requireSession(context)
  return preferredAccountType(context) === 'smartAccount' && session.smartAccount
    ? session.smartAccount
    : session.address
}

/** The user's Solana address, when the server listed one. */
export function solanaAccountOf(user: ConnectedUser): string | undefined {
  return user.accounts.find((account) => account.namespace === 'solana')?.address
}

/** Copies ConnectedUser's fields only. */
export function toConnectedUser(user: ConnectedUser): ConnectedUser {
  const copy: ConnectedUser = {
    address: user.address,
    chainId: user.chainId,
    // Each account keeps its own namespace, address and type together: the member it came from.
    accounts: user.accounts.map(({ namespace, address, type }) => ({
      ...(namespace && { namespace }),
      address,
      type,
    })) as ConnectedUser['accounts'],
    preferredAccountType: user.preferredAccountType,
    smartAccountDeployed: user.smartAccountDeployed,
  }
  if (user.email !== undefined) copy.email = user.email
  if (user.userName !== undefined) copy.userName = user.userName
  if (user.socialProvider !== undefined) copy.socialProvider = user.socialProvider
  if (user.farcaster !== undefined) {
    const { fid, username, displayName, pfpUrl } = user.farcaster
    copy.farcaster = {
      fid,
      username,
      ...(displayName !== undefined && { displayName }),
      ...(pfpUrl !== undefined && { pfpUrl }),
    }
  }
  return copy
}

/** The projectId of the page's URL, which the server checks against the embedding site. */
export function requireProjectId(context: FrameContext): string {
  if (!context.projectId) throw new FrameRequestError('The frame URL has no projectId')
  return context.projectId
}
