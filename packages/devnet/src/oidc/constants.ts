/** Port `startDevnet` runs the OpenID Connect provider on unless told otherwise. */
export const DEFAULT_OIDC_PORT = 8548

/** The one client the dev provider knows: the Latch server's social provider `dev`. */
export const DEV_OIDC_CLIENT_ID = 'latch-dev'

/** Its secret: fixed, because the provider is for local development and tests only. */
export const DEV_OIDC_CLIENT_SECRET = 'latch-dev-oidc-client-secret'

/**
 * The wallet frame origin's callback path. The client is a native app (RFC 8252), so this path on
 * ANY port of a loopback host is accepted (RFC 8252, 7.3): the frame origin's port may vary.
 */
export const DEV_OIDC_CALLBACK_PATH = '/wallet/v1/social/callback'

/** Domain of the email a login without '@' gets (`alice` -> `alice@dev.latch.test`). */
export const DEV_EMAIL_DOMAIN = 'dev.latch.test'

/** Artifact lifetimes in seconds: set explicitly so oidc-provider uses no default function. */
export const DEV_OIDC_TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
} as const
