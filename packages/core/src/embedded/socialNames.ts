import type { SocialProvider } from '@latch/protocol/constants'
import type { SocialLoginProvider } from '@latch/protocol/frame'

/** A social login as the Connect view lists it: a known provider, or the devnet's `dev`. */
export type SocialLoginOption = SocialProvider | SocialLoginProvider

/** How each provider is named to the visitor ('Continue with Google', the wallet name 'Google'). */
export const SOCIAL_PROVIDER_NAMES: Readonly<Record<SocialLoginOption, string>> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
  dev: 'Devnet',
}

/** Whether the server can log in with the provider now (farcaster is not offered yet). */
export function isSocialLoginProvider(option: SocialLoginOption): option is SocialLoginProvider {
  return option !== 'farcaster'
}
