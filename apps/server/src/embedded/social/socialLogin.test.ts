import { randomBytes } from 'node:crypto'
import { loginAtDevProvider } from '@latch/devnet'
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client'
import { describe, expect, inject, it } from 'vitest'
import { SocialLoginError } from './errors.ts'
import { socialProvidersFromEnv } from './providers.ts'
import { createSocialLogin, type PendingAuthorization } from './socialLogin.ts'

const devOidc = inject('devnet').oidc
if (!devOidc) throw new Error('the devnet manifest has no oidc provider: startDevnet is too old')

// Nothing listens there: the dev login stops at the redirect, as a popup would before loading it.
const redirectUri = 'http://127.0.0.1:8788/wallet/v1/social/callback'
const social = createSocialLogin(socialProvidersFromEnv({}, devOidc), { redirectUri })

function someone(): string {
  return `user-${randomBytes(4).toString('hex')}`
}

async function loggedIn(login: string): Promise<{ callback: URL; pending: PendingAuthorization }> {
  const { authorizationUrl, pending } = await social.start('dev')
  return { callback: await loginAtDevProvider(authorizationUrl, { login }), pending }
}

async function refusal(promise: Promise<unknown>): Promise<SocialLoginError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(SocialLoginError)
  return error as SocialLoginError
}

describe('social login through the devnet OIDC provider', () => {
  it('enables the configured providers only', () => {
    expect(social.enabled()).toEqual(['dev'])
  })

  it('builds an authorize URL with PKCE S256, state and nonce', async () => {
    const { authorizationUrl, pending } = await social.start('dev')
    const url = new URL(authorizationUrl)
    expect(url.origin).toBe(devOidc.issuer)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: devOidc.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    })
    const again = await social.start('dev')
    expect(again.pending.state).not.toBe(pending.state)
    expect(again.pending.nonce).not.toBe(pending.nonce)
    expect(again.pending.codeVerifier).not.toBe(pending.codeVerifier)
  })

  it('logs in and tells who it is, with the verified email', async () => {
    const login = `${someone()}@example.test`
    const { callback, pending } = await loggedIn(login)
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri)
    expect(await social.complete('dev', callback, pending)).toEqual({
      provider: 'dev',
      subject: login,
      email: login,
      emailVerified: true,
      username: login.split('@')[0],
    })
  })

  it('gives a name without @ its dev email', async () => {
    const login = someone()
    const { callback, pending } = await loggedIn(login)
    const identity = await social.complete('dev', callback, pending)
    expect(identity.email).toBe(`${login}@dev.latch.test`)
    expect(identity.username).toBe(login)
  })

  it('refuses a tampered state', async () => {
    const { callback, pending } = await loggedIn(someone())
    const tampered = new URL(callback)
    tampered.searchParams.set('state', `${pending.state}x`)
    const error = await refusal(social.complete('dev', tampered, pending))
    expect(error.message).toBe('This answer is not for the login that was started: start again')
    // Another login's pending state does not fit either.
    const other = (await social.start('dev')).pending
    await refusal(social.complete('dev', callback, { ...pending, state: other.state }))
  })

  it('refuses a wrong code verifier', async () => {
    const { callback, pending } = await loggedIn(someone())
    const wrong = { ...pending, codeVerifier: randomPKCECodeVerifier() }
    const error = await refusal(social.complete('dev', callback, wrong))
    expect(error.message).toBe('Dev OIDC refused this login: start again')
  })

  it('refuses an ID token with another nonce', async () => {
    const { callback, pending } = await loggedIn(someone())
    const error = await refusal(
      social.complete('dev', callback, { ...pending, nonce: `${pending.nonce}x` }),
    )
    expect(error.message).toBe('The answer from Dev OIDC could not be verified: start again')
  })

  it('refuses a code used twice', async () => {
    const { callback, pending } = await loggedIn(someone())
    await social.complete('dev', callback, pending)
    await refusal(social.complete('dev', callback, pending))
  })

  it('turns a cancelled login into a SocialLoginError', async () => {
    const { authorizationUrl, pending } = await social.start('dev')
    const callback = await loginAtDevProvider(authorizationUrl, { login: someone(), cancel: true })
    expect(callback.searchParams.get('error')).toBe('access_denied')
    const error = await refusal(social.complete('dev', callback, pending))
    expect(error.message).toBe('Login was cancelled at Dev OIDC')
  })

  it('does not repeat an odd error code from the URL', async () => {
    const { pending } = await social.start('dev')
    const callback = new URL(redirectUri)
    callback.searchParams.set('error', '<script>alert(1)</script>')
    callback.searchParams.set('state', pending.state)
    const error = await refusal(social.complete('dev', callback, pending))
    expect(error.message).toBe('Dev OIDC refused the login (unknown_error)')
  })

  it('refuses a provider that is not enabled', async () => {
    const error = await refusal(social.start('github'))
    expect(error.message).toBe('Login with GitHub is not enabled')
  })

  it('says so when the provider is unreachable, and tries discovery again next time', async () => {
    const closed = createSocialLogin(
      [{ id: 'dev', clientId: 'x', clientSecret: 'y', issuer: 'http://127.0.0.1:9' }],
      { redirectUri },
    )
    for (const _ of [1, 2]) {
      const error = await refusal(closed.start('dev'))
      expect(error.message).toBe('Could not reach Dev OIDC: try again later')
    }
  })
})
