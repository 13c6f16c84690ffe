import type { SocialLoginProvider } from '@latch/protocol'
import * as oidc from 'openid-client'
import { PROVIDER_LABELS, PROVIDER_TIMEOUT_MS } from './constants.ts'
import { SocialLoginError } from './errors.ts'
import type { ApiGet, ProviderIdentity } from './oauth2Identity.ts'
import { PROVIDER_SPECS, type ProviderSpec, type SocialProviderConfig } from './providers.ts'

/** What start() hands the caller to keep until the callback: all three are secrets. */
export type PendingAuthorization = { state: string; nonce: string; codeVerifier: string }

/** Who logged in, once the provider's answer is checked. */
export type SocialIdentity = {
  provider: SocialLoginProvider
  subject: string
  email?: string
  /** True only when the provider says it checked the address. */
  emailVerified?: boolean
  username?: string
}

export type SocialLogin = {
  /** The configured providers, in configuration order. */
  enabled(): SocialLoginProvider[]
  /** Builds the provider's authorize URL with a fresh state, nonce and PKCE S256 verifier. */
  start(
    provider: SocialLoginProvider,
  ): Promise<{ authorizationUrl: string; pending: PendingAuthorization }>
  /**
   * Exchanges the callback's code (checks state, PKCE, and for OIDC the ID token's nonce,
   * issuer, audience); returns who logged in. `callbackUrl` carries the provider's answer in its
   * query: for Apple's form_post callback, put the posted fields in the query.
   */
  complete(
    provider: SocialLoginProvider,
    callbackUrl: URL,
    pending: PendingAuthorization,
  ): Promise<SocialIdentity>
}

type Provider = {
  config: SocialProviderConfig
  spec: ProviderSpec
  label: string
  configuration(): Promise<oidc.Configuration>
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Plain http is allowed for the devnet's provider on loopback only, never for a real one. */
function allowsInsecure(config: SocialProviderConfig, issuer: URL): boolean {
  return config.id === 'dev' && issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname)
}

function clientAuth(spec: ProviderSpec, secret: string): oidc.ClientAuth {
  return spec.tokenEndpointAuth === 'client_secret_post'
    ? oidc.ClientSecretPost(secret)
    : oidc.ClientSecretBasic(secret)
}

function provider(config: SocialProviderConfig): Provider {
  const spec = PROVIDER_SPECS[config.id]
  const label = PROVIDER_LABELS[config.id]
  if (spec.protocol === 'oauth2') {
    const configuration = new oidc.Configuration(
      {
        issuer: spec.issuer,
        authorization_endpoint: spec.authorizationEndpoint,
        token_endpoint: spec.tokenEndpoint,
      },
      config.clientId,
      { client_secret: config.clientSecret },
      clientAuth(spec, config.clientSecret),
    )
    configuration.timeout = PROVIDER_TIMEOUT_MS / 1000
    return { config, spec, label, configuration: async () => configuration }
  }
  const issuerText = config.issuer ?? spec.issuer
  if (!issuerText) throw new Error(`social provider ${config.id} needs an issuer`)
  const issuer = new URL(issuerText)
  // Discovered on first use, so the server starts offline; a failure is retried next time.
  let discovered: Promise<oidc.Configuration> | undefined
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        issuer,
        config.clientId,
        { client_secret: config.clientSecret },
        clientAuth(spec, config.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_MS / 1000,
          execute: allowsInsecure(config, issuer) ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined
        throw new SocialLoginError(`Could not reach ${label}: try again later`, { cause: error })
      })
    return discovered
  }
  return { config, spec, label, configuration }
}

/** An OAuth error code from the redirect, shown only when it is one (it comes from the URL). */
function errorCode(value: string): string {
  return /^[a-z_]{1,64}$/.test(value) ? value : 'unknown_error'
}

function providerError(label: string, callbackUrl: URL): SocialLoginError | undefined {
  const error = callbackUrl.searchParams.get('error')
  if (error === null) return undefined
  if (error === 'access_denied') return new SocialLoginError(`Login was cancelled at ${label}`)
  return new SocialLoginError(`${label} refused the login (${errorCode(error)})`)
}

/** Maps what openid-client throws during the code exchange to a message for the user. */
function exchangeError(label: string, error: unknown): SocialLoginError {
  if (error instanceof SocialLoginError) return error
  if (error instanceof oidc.ResponseBodyError) {
    return new SocialLoginError(`${label} refused this login: start again`, { cause: error })
  }
  if (error instanceof oidc.AuthorizationResponseError) {
    return new SocialLoginError(`${label} refused the login (${errorCode(error.error)})`, {
      cause: error,
    })
  }
  const name = error instanceof Error ? error.name : ''
  if (name === 'TimeoutError' || name === 'AbortError' || name === 'TypeError') {
    return new SocialLoginError(`Could not reach ${label}: try again later`, { cause: error })
  }
  return new SocialLoginError(`The answer from ${label} could not be verified: start again`, {
    cause: error,
  })
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** Apple sends `email_verified` as the string "true". */
function booleanClaim(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  return undefined
}

async function oidcIdentity(
  configuration: oidc.Configuration,
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
): Promise<ProviderIdentity> {
  const claims = tokens.claims()
  if (!claims) throw new Error('the token response has no ID token')
  let email = stringClaim(claims.email)
  let emailVerified = booleanClaim(claims.email_verified)
  let username = stringClaim(claims.preferred_username) ?? stringClaim(claims.name)
  // Some providers keep the profile out of the ID token: it is at the userinfo endpoint.
  if (email === undefined && configuration.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)
    email = stringClaim(info.email)
    emailVerified = booleanClaim(info.email_verified)
    username ??= stringClaim(info.preferred_username) ?? stringClaim(info.name)
  }
  const identity: ProviderIdentity = { subject: claims.sub }
  if (email !== undefined) {
    identity.email = email
    identity.emailVerified = emailVerified === true
  }
  if (username !== undefined) identity.username = username
  return identity
}

function apiGet(label: string, accessToken: string): ApiGet {
  return async (url) => {
    const response = await fetch(url, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        // GitHub refuses API calls without one.
        'user-agent': 'Latch',
      },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    })
    if (!response.ok) {
      await response.body?.cancel()
      throw new SocialLoginError(`Could not read your profile at ${label}: try again`, {
        cause: new Error(`GET ${url} answered ${response.status}`),
      })
    }
    return response.json()
  }
}

/**
 * The server's social login: OAuth 2 authorization code flow with PKCE S256 and state
 * for every provider, plus nonce and ID token checks for the OpenID Connect ones (openid-client).
 * The caller keeps `pending` between start() and complete(), server side.
 *
 * @example
 * const social = createSocialLogin(socialProvidersFromEnv(process.env, manifest.oidc), {
 *   redirectUri: 'http://127.0.0.1:8788/wallet/v1/social/callback',
 * })
 * const { authorizationUrl, pending } = await social.start('dev')
 * // ... the popup comes back to redirectUri ...
 * const identity = await social.complete('dev', callbackUrl, pending)
 */
export function createSocialLogin(
  providers: SocialProviderConfig[],
  options: { redirectUri: string },
): SocialLogin {
  const redirectUri = new URL(options.redirectUri)
  const byId = new Map<SocialLoginProvider, Provider>()
  for (const config of providers) {
    if (byId.has(config.id)) throw new Error(`social provider ${config.id} is configured twice`)
    byId.set(config.id, provider(config))
  }
  const get = (id: SocialLoginProvider): Provider => {
    const found = byId.get(id)
    if (!found) throw new SocialLoginError(`Login with ${PROVIDER_LABELS[id] ?? id} is not enabled`)
    return found
  }

  return {
    enabled: () => [...byId.keys()],

    async start(id) {
      const { spec, configuration } = get(id)
      const config = await configuration()
      const codeVerifier = oidc.randomPKCECodeVerifier()
      const pending: PendingAuthorization = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier,
      }
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri.href,
        scope: spec.scope,
        state: pending.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }
      if (spec.protocol === 'oidc') {
        parameters.nonce = pending.nonce
        Object.assign(parameters, spec.authorizationParams)
      }
      return { authorizationUrl: oidc.buildAuthorizationUrl(config, parameters).href, pending }
    },

    async complete(id, callbackUrl, pending) {
      const { spec, label, configuration } = get(id)
      const refused = providerError(label, callbackUrl)
      if (refused) throw refused
      if (callbackUrl.searchParams.get('state') !== pending.state) {
        throw new SocialLoginError('This answer is not for the login that was started: start again')
      }
      if (!callbackUrl.searchParams.get('code')) {
        throw new SocialLoginError(`${label} sent no authorization code: start again`)
      }
      const config = await configuration()
      // The token request must name the redirect URI the authorize request named, whatever URL
      // the callback reached the server at (a proxy may have rewritten it).
      const answer = new URL(redirectUri)
      answer.search = callbackUrl.search
      let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers
      let identity: ProviderIdentity
      try {
        tokens = await oidc.authorizationCodeGrant(config, answer, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          ...(spec.protocol === 'oidc' ? { expectedNonce: pending.nonce } : {}),
        })
        identity =
          spec.protocol === 'oidc'
            ? await oidcIdentity(config, tokens)
            : await spec.readIdentity(apiGet(label, tokens.access_token))
      } catch (error) {
        throw exchangeError(label, error)
      }
      return { provider: id, ...identity }
    },
  }
}
