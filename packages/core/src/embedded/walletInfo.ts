import type { ConnectedUser, SocialLoginProvider } from '@latch/protocol/frame'
import type { AccountState, ConnectedWalletInfo } from '../account/index.ts'
import { SOCIAL_PROVIDER_NAMES } from './socialNames.ts'

/**
 * The connected wallet info of an embedded login: named 'Email' or after the provider, and
 * identified by the email or the provider's user name.
 */
export function embeddedWalletInfo(
  user: ConnectedUser | undefined,
  social: SocialLoginProvider | undefined,
): ConnectedWalletInfo {
  if (user?.farcaster)
    return {
      name: SOCIAL_PROVIDER_NAMES.farcaster,
      identifier: user.farcaster.username,
      social: 'farcaster',
      ...(user.farcaster.pfpUrl ? { icon: user.farcaster.pfpUrl } : {}),
    }
  const provider = user?.socialProvider ?? social
  const identifier = provider ? (user?.userName ?? user?.email) : user?.email
  return {
    name: provider ? SOCIAL_PROVIDER_NAMES[provider] : 'Email',
    ...(identifier ? { identifier } : {}),
    ...(provider ? { social: provider } : {}),
  }
}

/** The account fields an embedded user fills: user, accounts, account type, social. */
export function embeddedAccountPatch(
  user: ConnectedUser,
  social: SocialLoginProvider | undefined,
): Partial<AccountState> {
  const provider = user.socialProvider ?? social
  return {
    user,
    socialProvider: user.farcaster ? 'farcaster' : provider,
    // A Farcaster user is shown by their Farcaster name and avatar (until a name of the address's
    // own is found: the identity lookup decides).
    ...(user.farcaster
      ? {
          profileName: user.farcaster.username,
          profileImage: user.farcaster.pfpUrl ?? null,
        }
      : {}),
    connectedWalletInfo: embeddedWalletInfo(user, social),
    smartAccountDeployed: user.smartAccountDeployed,
    preferredAccountTypes: { eip155: user.preferredAccountType },
    // An entry without a namespace is an EVM account (users stored before Solana had none).
    allAccounts: user.accounts.map((entry) => ({
      namespace: entry.namespace ?? 'eip155',
      address: entry.address,
      type: entry.type,
    })),
  }
}
