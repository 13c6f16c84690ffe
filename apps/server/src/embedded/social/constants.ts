import type { SocialLoginProvider } from '@latch/protocol'

/** How long one call to a provider (discovery, token, user endpoint) may take. */
export const PROVIDER_TIMEOUT_MS = 10_000

/** Names shown in messages to the user. */
export const PROVIDER_LABELS: Record<SocialLoginProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
  dev: 'Dev OIDC',
}

/** The environment variables' infix: SOCIAL_<NAME>_CLIENT_ID and SOCIAL_<NAME>_CLIENT_SECRET. */
export const PROVIDER_ENV_NAMES: Record<Exclude<SocialLoginProvider, 'dev'>, string> = {
  google: 'GOOGLE',
  x: 'X',
  discord: 'DISCORD',
  apple: 'APPLE',
  github: 'GITHUB',
  facebook: 'FACEBOOK',
}

/** Facebook's Graph API version in its endpoints (each version is supported for two years). */
export const FACEBOOK_GRAPH_VERSION = 'v23.0'
