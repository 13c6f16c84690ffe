import { SOCIAL_LOGIN_PROVIDERS, type SocialLoginProvider } from '@latch/protocol'
import { ConfigError } from '../../errors.ts'
import { FACEBOOK_GRAPH_VERSION, PROVIDER_ENV_NAMES } from './constants.ts'
import {
  type IdentityReader,
  readDiscordIdentity,
  readFacebookIdentity,
  readGithubIdentity,
  readXIdentity,
} from './oauth2Identity.ts'

/** One social provider the server logs in with, and its client registration there. */
export type SocialProviderConfig = {
  id: SocialLoginProvider
  clientId: string
  clientSecret: string
  /**
   * OpenID Connect providers only: the issuer discovery starts from. Google's and Apple's are
   * built in; `dev` needs the devnet provider's.
   */
  issuer?: string
}

/** How the client authenticates at the token endpoint (RFC 6749 2.3.1). */
export type TokenEndpointAuth = 'client_secret_basic' | 'client_secret_post'

/** An OpenID Connect provider: endpoints from discovery, identity from the checked ID token. */
export type OidcProviderSpec = {
  protocol: 'oidc'
  /** Where discovery starts unless the config names another issuer. */
  issuer?: string
  scope: string
  tokenEndpointAuth: TokenEndpointAuth
  /** Extra authorization request parameters. */
  authorizationParams?: Record<string, string>
}

/** A plain OAuth 2 provider: fixed endpoints from its docs, identity from its user endpoint. */
export type OAuth2ProviderSpec = {
  protocol: 'oauth2'
  /** Compared with an `iss` the provider may add to its redirect (RFC 9207). */
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint: string
  scope: string
  tokenEndpointAuth: TokenEndpointAuth
  readIdentity: IdentityReader
}

export type ProviderSpec = OidcProviderSpec | OAuth2ProviderSpec

/** What each provider is, from its public documentation. */
export const PROVIDER_SPECS: Record<SocialLoginProvider, ProviderSpec> = {
  google: {
    protocol: 'oidc',
    issuer: 'https://accounts.google.com',
    scope: 'openid email profile',
    tokenEndpointAuth: 'client_secret_basic',
  },
  apple: {
    protocol: 'oidc',
    issuer: 'https://appleid.apple.com',
    // Apple answers a request for the email scope only with response_mode=form_post: the
    // callback then arrives as a POST (see complete()).
    scope: 'openid email',
    // Apple's token endpoint takes the client secret (a JWT the site signs) in the body only.
    tokenEndpointAuth: 'client_secret_post',
    authorizationParams: { response_mode: 'form_post' },
  },
  dev: {
    protocol: 'oidc',
    scope: 'openid email profile',
    tokenEndpointAuth: 'client_secret_basic',
  },
  github: {
    protocol: 'oauth2',
    issuer: 'https://github.com',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    scope: 'read:user user:email',
    tokenEndpointAuth: 'client_secret_post',
    readIdentity: readGithubIdentity,
  },
  discord: {
    protocol: 'oauth2',
    issuer: 'https://discord.com',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    scope: 'identify email',
    tokenEndpointAuth: 'client_secret_basic',
    readIdentity: readDiscordIdentity,
  },
  x: {
    protocol: 'oauth2',
    issuer: 'https://x.com',
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    // users.read alone is refused by /2/users/me: X wants tweet.read with it.
    scope: 'users.read tweet.read',
    tokenEndpointAuth: 'client_secret_basic',
    readIdentity: readXIdentity,
  },
  facebook: {
    protocol: 'oauth2',
    issuer: 'https://www.facebook.com',
    authorizationEndpoint: `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`,
    tokenEndpoint: `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/oauth/access_token`,
    scope: 'public_profile email',
    tokenEndpointAuth: 'client_secret_post',
    readIdentity: readFacebookIdentity,
  },
}

/**
 * Providers enabled by env: SOCIAL_<GOOGLE|GITHUB|APPLE|FACEBOOK|X|DISCORD>_CLIENT_ID and
 * _CLIENT_SECRET (both or neither, else a ConfigError naming the missing one), in the order of
 * SOCIAL_LOGIN_PROVIDERS, plus `dev` from the devnet manifest's oidc when given.
 *
 * @example
 * socialProvidersFromEnv(process.env, manifest.oidc).map((provider) => provider.id) // ['github', 'dev']
 */
export function socialProvidersFromEnv(
  env: Record<string, string | undefined>,
  devOidc?: { issuer: string; clientId: string; clientSecret: string },
): SocialProviderConfig[] {
  const providers: SocialProviderConfig[] = []
  for (const id of SOCIAL_LOGIN_PROVIDERS) {
    if (id === 'dev') continue
    const idVar = `SOCIAL_${PROVIDER_ENV_NAMES[id]}_CLIENT_ID`
    const secretVar = `SOCIAL_${PROVIDER_ENV_NAMES[id]}_CLIENT_SECRET`
    const clientId = env[idVar]?.trim()
    const clientSecret = env[secretVar]?.trim()
    if (!clientId && !clientSecret) continue
    if (!clientId) throw new ConfigError(`${idVar} is missing: ${secretVar} needs it`)
    if (!clientSecret) throw new ConfigError(`${secretVar} is missing: ${idVar} needs it`)
    providers.push({ id, clientId, clientSecret })
  }
  if (devOidc) {
    providers.push({
      id: 'dev',
      clientId: devOidc.clientId,
      clientSecret: devOidc.clientSecret,
      issuer: devOidc.issuer,
    })
  }
  return providers
}
