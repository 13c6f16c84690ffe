import { calculatePKCECodeChallenge } from 'openid-client'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../config.ts'
import { socialProvidersFromEnv } from './providers.ts'
import { createSocialLogin } from './socialLogin.ts'

const redirectUri = 'https://wallet.example.test/wallet/v1/social/callback'

const env = {
  SOCIAL_GITHUB_CLIENT_ID: 'gh-id',
  SOCIAL_GITHUB_CLIENT_SECRET: 'gh-secret',
  SOCIAL_DISCORD_CLIENT_ID: 'dc-id',
  SOCIAL_DISCORD_CLIENT_SECRET: 'dc-secret',
  SOCIAL_X_CLIENT_ID: 'x-id',
  SOCIAL_X_CLIENT_SECRET: 'x-secret',
  SOCIAL_FACEBOOK_CLIENT_ID: 'fb-id',
  SOCIAL_FACEBOOK_CLIENT_SECRET: 'fb-secret',
  SOCIAL_GOOGLE_CLIENT_ID: 'g-id',
  SOCIAL_GOOGLE_CLIENT_SECRET: 'g-secret',
  SOCIAL_APPLE_CLIENT_ID: 'a-id',
  SOCIAL_APPLE_CLIENT_SECRET: 'a-secret',
}

describe('socialProvidersFromEnv', () => {
  it('enables each provider whose id and secret are both set, in display order, then dev', () => {
    const devOidc = { issuer: 'http://127.0.0.1:8548', clientId: 'latch-dev', clientSecret: 's' }
    expect(socialProvidersFromEnv(env, devOidc)).toEqual([
      { id: 'google', clientId: 'g-id', clientSecret: 'g-secret' },
      { id: 'x', clientId: 'x-id', clientSecret: 'x-secret' },
      { id: 'discord', clientId: 'dc-id', clientSecret: 'dc-secret' },
      { id: 'apple', clientId: 'a-id', clientSecret: 'a-secret' },
      { id: 'github', clientId: 'gh-id', clientSecret: 'gh-secret' },
      { id: 'facebook', clientId: 'fb-id', clientSecret: 'fb-secret' },
      { id: 'dev', clientId: 'latch-dev', clientSecret: 's', issuer: 'http://127.0.0.1:8548' },
    ])
  })

  it('enables none by default, and treats blank values as unset', () => {
    expect(socialProvidersFromEnv({})).toEqual([])
    expect(
      socialProvidersFromEnv({ SOCIAL_GITHUB_CLIENT_ID: ' ', SOCIAL_GITHUB_CLIENT_SECRET: '' }),
    ).toEqual([])
  })

  it('names the missing half of a pair', () => {
    expect(() => socialProvidersFromEnv({ SOCIAL_GITHUB_CLIENT_ID: 'gh-id' })).toThrow(
      new ConfigError('SOCIAL_GITHUB_CLIENT_SECRET is missing: SOCIAL_GITHUB_CLIENT_ID needs it'),
    )
    expect(() => socialProvidersFromEnv({ SOCIAL_X_CLIENT_SECRET: 'x-secret' })).toThrow(
      'SOCIAL_X_CLIENT_ID is missing',
    )
  })
})

describe('OAuth 2 providers configured from env', () => {
  // No network: their endpoints are fixed, and Google's and Apple's discovery waits for first use.
  const social = createSocialLogin(socialProvidersFromEnv(env), { redirectUri })

  it('enables them all without reaching any provider', () => {
    expect(social.enabled()).toEqual(['google', 'x', 'discord', 'apple', 'github', 'facebook'])
  })

  it.each([
    ['github', 'https://github.com/login/oauth/authorize', 'gh-id', 'read:user user:email'],
    ['discord', 'https://discord.com/oauth2/authorize', 'dc-id', 'identify email'],
    ['x', 'https://x.com/i/oauth2/authorize', 'x-id', 'users.read tweet.read'],
    ['facebook', 'https://www.facebook.com/v23.0/dialog/oauth', 'fb-id', 'public_profile email'],
  ] as const)(
    '%s: the authorize URL carries the client, PKCE S256, state and scopes',
    async (id, endpoint, clientId, scope) => {
      const { authorizationUrl, pending } = await social.start(id)
      const url = new URL(authorizationUrl)
      expect(`${url.origin}${url.pathname}`).toBe(endpoint)
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        state: pending.state,
        code_challenge: await calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      })
      expect(pending.codeVerifier.length).toBeGreaterThanOrEqual(43)
      expect(pending.state.length).toBeGreaterThanOrEqual(22)
    },
  )
})
