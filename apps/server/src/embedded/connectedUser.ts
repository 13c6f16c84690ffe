import {
  type ConnectedUser,
  SOCIAL_LOGIN_PROVIDERS,
  type SocialLoginProvider,
  type WalletSessionResponse,
} from '@latch/protocol'
import { getAddress } from 'viem'
import type { Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import type { EmbeddedContext } from './context.ts'
import type { KeyVault } from './keys.ts'
import { type WalletSession, WalletSessionStore } from './sessions.ts'
import { type WalletUser, WalletUserStore } from './users.ts'

const isSocialProvider = (provider: string): provider is SocialLoginProvider =>
  (SOCIAL_LOGIN_PROVIDERS as readonly string[]).includes(provider)

/** The chain a user is shown on when the frame names none: the first configured one. */
export function defaultChainId(context: Pick<EmbeddedContext, 'chains'>): number {
  return context.chains.keys().next().value ?? 1
}

/** Refuses a chain the server has no RPC for ('Unsupported chain'). */
export function assertSupportedChain(context: Pick<EmbeddedContext, 'chains'>, chainId: number) {
  if (!context.chains.has(chainId)) throw new HttpError(400, 'Unsupported chain')
}

/**
 * The connected user for a session: the email of the user's email identity (or a
 * verified one a social provider gave), the name the session's provider gave, and the user's two
 * EOA accounts, EVM then Solana (the Solana one is created here for a user who has none yet).
 */
export async function connectedUserOf(
  db: Queryable,
  vault: KeyVault,
  session: Pick<WalletSession, 'userId' | 'identityProvider' | 'identitySubject'>,
  user: WalletUser,
  chainId: number,
): Promise<ConnectedUser> {
  const identities = await new WalletUserStore(db).identities(user.id)
  const loggedInWith = identities.find(
    (identity) =>
      identity.provider === session.identityProvider &&
      identity.subject === session.identitySubject,
  )
  const email =
    identities.find((identity) => identity.provider === 'email')?.subject ??
    identities.find((identity) => identity.email && identity.emailVerified)?.email ??
    undefined
  const address = getAddress(user.address)
  const solana = await new WalletUserStore(db).ensureSolanaKey(vault, user)
  return {
    ...(email && { email }),
    address,
    chainId,
    accounts: [
      { namespace: 'eip155', address, type: 'eoa' },
      { namespace: 'solana', address: solana.address, type: 'eoa' },
    ],
    ...(loggedInWith?.username && { userName: loggedInWith.username }),
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
    ...(isSocialProvider(session.identityProvider) && {
      socialProvider: session.identityProvider,
    }),
  }
}

/**
 * Opens a session for a completed login (in the login's transaction): the device becomes known,
 * and the answer carries the token, once.
 */
export async function openSession(
  tx: Queryable,
  context: Pick<EmbeddedContext, 'chains' | 'sessionTtlMs' | 'vault'>,
  login: {
    user: WalletUser
    identity: { provider: string; subject: string }
    deviceHash: string
    projectId: string | null
  },
  now: Date,
): Promise<WalletSessionResponse> {
  await new WalletUserStore(tx).rememberDevice(login.user.id, login.deviceHash, now)
  const { token, session } = await new WalletSessionStore(tx).create(
    {
      userId: login.user.id,
      identityProvider: login.identity.provider,
      identitySubject: login.identity.subject,
      deviceHash: login.deviceHash,
      projectId: login.projectId,
      expiresAt: new Date(now.getTime() + context.sessionTtlMs),
    },
    now,
  )
  return {
    sessionToken: token,
    expiresAt: session.expiresAt.toISOString(),
    user: await connectedUserOf(tx, context.vault, session, login.user, defaultChainId(context)),
  }
}
