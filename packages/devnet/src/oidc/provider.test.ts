import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccountClaims } from './accounts.ts'
import { loginAtDevProvider } from './login.ts'
import { type DevOidcProvider, startOidcProvider } from './provider.ts'

let oidc: DevOidcProvider
let logged: string[]
let metadata: Record<string, unknown>

beforeAll(async () => {
  logged = []
  oidc = await startOidcProvider({ log: (line) => logged.push(line) })
  const response = await fetch(`${oidc.issuer}/.well-known/openid-configuration`)
  metadata = (await response.json()) as Record<string, unknown>
})
afterAll(() => oidc.stop())

function base64url(bytes: Buffer): string {
  return bytes.toString('base64url')
}

/** A hand-built authorization request, so the provider is tested without the server's client. */
function authorize(redirectUri: string, extra: Record<string, string> = {}) {
  const verifier = base64url(randomBytes(32))
  const url = new URL(String(metadata.authorization_endpoint))
  url.search = new URLSearchParams({
    client_id: oidc.clientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: redirectUri,
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    ...extra,
  }).toString()
  return { url, verifier }
}

async function redeem(code: string, redirectUri: string, verifier: string) {
  const basic = Buffer.from(`${oidc.clientId}:${oidc.clientSecret}`).toString('base64')
  const response = await fetch(String(metadata.token_endpoint), {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('dev OIDC provider', () => {
  it('publishes discovery for code + PKCE S256 and the three scopes', () => {
    expect(oidc.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(metadata.issuer).toBe(oidc.issuer)
    expect(metadata.code_challenge_methods_supported).toEqual(['S256'])
    expect(metadata.response_types_supported).toContain('code')
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    )
    expect(metadata.token_endpoint_auth_methods_supported).toContain('client_secret_basic')
  })

  it('logs in any name at a loopback callback on any port, and tells who it is', async () => {
    for (const port of [8788, 41234]) {
      const redirectUri = `http://127.0.0.1:${port}/wallet/v1/social/callback`
      const { url, verifier } = authorize(redirectUri)
      const callback = await loginAtDevProvider(url, { login: 'alice' })
      expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri)
      expect(callback.searchParams.get('state')).toBe('state-1')
      const code = callback.searchParams.get('code') ?? ''
      const tokens = await redeem(code, redirectUri, verifier)
      expect(tokens.status).toBe(200)
      expect(tokens.body.id_token).toEqual(expect.any(String))

      const userinfo = await fetch(String(metadata.userinfo_endpoint), {
        headers: { authorization: `Bearer ${tokens.body.access_token}` },
      })
      expect(await userinfo.json()).toEqual({
        sub: 'alice',
        email: 'alice@dev.latch.test',
        email_verified: true,
        preferred_username: 'alice',
      })
    }
    expect(logged.some((line) => line.includes('alice'))).toBe(true)
  })

  it('serves its login page with nothing loaded from off loopback', async () => {
    const { url } = authorize('http://127.0.0.1:8788/wallet/v1/social/callback')
    const start = await fetch(url, { redirect: 'manual' })
    const cookie = start.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const page = await fetch(new URL(start.headers.get('location') ?? '', url), {
      headers: { cookie },
    })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('name="login"')
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
  })

  it('refuses a redirect URI off loopback or on another path', async () => {
    for (const redirectUri of [
      'http://evil.test:8788/wallet/v1/social/callback',
      'http://127.0.0.1:8788/other/callback',
    ]) {
      const { url } = authorize(redirectUri)
      const response = await fetch(url, { redirect: 'manual' })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('redirect_uri did not match')
    }
  })

  it('requires PKCE', async () => {
    const { url } = authorize('http://127.0.0.1:8788/wallet/v1/social/callback')
    url.searchParams.delete('code_challenge')
    url.searchParams.delete('code_challenge_method')
    const response = await fetch(url, { redirect: 'manual' })
    const location = new URL(response.headers.get('location') ?? '', url)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('error_description')).toMatch(/requires PKCE/)
  })

  it('refuses a code redeemed with the wrong verifier', async () => {
    const redirectUri = 'http://127.0.0.1:8788/wallet/v1/social/callback'
    const { url } = authorize(redirectUri)
    const callback = await loginAtDevProvider(url, { login: 'bob@example.test' })
    const tokens = await redeem(
      callback.searchParams.get('code') ?? '',
      redirectUri,
      base64url(randomBytes(32)),
    )
    expect(tokens.status).toBe(400)
    expect(tokens.body.error).toBe('invalid_grant')
  })

  it('sends a cancelled login back with access_denied', async () => {
    const { url } = authorize('http://127.0.0.1:8788/wallet/v1/social/callback')
    const callback = await loginAtDevProvider(url, { login: 'carol', cancel: true })
    expect(callback.searchParams.get('error')).toBe('access_denied')
    expect(callback.searchParams.get('state')).toBe('state-1')
  })

  it('starts in well under a second and stops cleanly, twice', async () => {
    const started = performance.now()
    const other = await startOidcProvider()
    expect(performance.now() - started).toBeLessThan(1000)
    expect((await fetch(`${other.issuer}/.well-known/openid-configuration`)).status).toBe(200)
    await other.stop()
    await other.stop()
    await expect(fetch(`${other.issuer}/.well-known/openid-configuration`)).rejects.toThrow()
  })
})

describe('devAccountClaims', () => {
  it('derives the email and username from the login name', () => {
    expect(devAccountClaims('dave@example.test')).toEqual({
      sub: 'dave@example.test',
      email: 'dave@example.test',
      email_verified: true,
      preferred_username: 'dave',
    })
    expect(devAccountClaims('erin').email).toBe('erin@dev.latch.test')
  })
})
