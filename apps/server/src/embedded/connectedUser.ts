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
import { FARCASTER_PROVIDER, farcasterProfileOf } from './farcaster/profile.ts'
import { type WalletSession, WalletSessionStore } from './sessions.ts'
import { smartAccountAddress, smartAccountOf } from './smartAccount/chains.ts'
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
 * The connected user for a session, from the database alone: the email of the user's email
 * identity (or a verified one a social provider gave), the name the session's provider gave, and
 * the user's accounts: on `chainId`, the smart account their key owns where the chain has one,
 * then the key's own EOA, then the Solana account (created here for a user who has none yet).
 * `address` is the EOA's and the smart account reads undeployed: withSmartAccountState reads the
 * chain, outside any transaction. Which account the user acts with is the frame's choice.
 */
export async function storedUserOf(
  db: Queryable,
  context: Pick<EmbeddedContext, 'vault' | 'smartAccounts'>,
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
  const solana = await new WalletUserStore(db).ensureSolanaKey(context.vault, user)
  const smart = context.smartAccounts.get(chainId)
  const farcaster =
    session.identityProvider === FARCASTER_PROVIDER
      ? await farcasterProfileOf(db, user.id)
      : undefined
  return {
    ...(email && { email }),
    address,
    chainId,
    accounts: [
      ...(smart
        ? [
            {
              namespace: 'eip155' as const,
              address: smartAccountAddress(smart, address),
              type: 'smartAccount' as const,
            },
          ]
        : []),
      { namespace: 'eip155', address, type: 'eoa' },
      { namespace: 'solana', address: solana.address, type: 'eoa' },
    ],
    ...(loggedInWith?.username && { userName: loggedInWith.username }),
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
    ...(isSocialProvider(session.identityProvider) && {
      socialProvider: session.identityProvider,
    }),
    ...(farcaster && { farcaster }),
  }
}

/** The user with `smartAccountDeployed` as the chain says (unchanged where there is none). */
export async function withSmartAccountState(
  context: Pick<EmbeddedContext, 'chains' | 'smartAccounts' | 'log'>,
  user: ConnectedUser,
): Promise<ConnectedUser> {
  const smart = context.smartAccounts.get(user.chainId)
  const chain = context.chains.get(user.chainId)
  const eoa = user.accounts.find(
    (account) => account.type === 'eoa' && account.namespace !== 'solana',
  )
  if (!smart || !chain || !eoa) return user
  const { deployed } = await smartAccountOf(smart, chain, eoa.address as `0x${string}`, context.log)
  return { ...user, smartAccountDeployed: deployed }
}

/** The connected user for a session (storedUserOf), with the chain's word on its smart account. */
export async function connectedUserOf(
  db: Queryable,
  context: Pick<EmbeddedContext, 'vault' | 'chains' | 'smartAccounts' | 'log'>,
  session: Pick<WalletSession, 'userId' | 'identityProvider' | 'identitySubject'>,
  user: WalletUser,
  chainId: number,
): Promise<ConnectedUser> {
  return withSmartAccountState(context, await storedUserOf(db, context, session, user, chainId))
}

/**
 * Opens a session for a completed login (in the login's transaction): the device becomes known,
 * and the answer carries the token, once.
 */
export async function openSession(
  tx: Queryable,
  context: Pick<EmbeddedContext, 'chains' | 'sessionTtlMs' | 'vault' | 'smartAccounts'>,
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
    // From the database only, inside the login's transaction: the caller adds the chain's word
    // (withSmartAccountState) once it is committed.
    user: await storedUserOf(tx, context, session, login.user, defaultChainId(context)),
  }
}
