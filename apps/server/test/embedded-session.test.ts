import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProjectStore } from '../src/projects.ts'
import { loginByEmail, newDeviceId, newEmail, walletCall } from './embeddedFixtures.ts'
import { DEMO_ORIGIN, DIALECTS, startTestServer, type TestServer } from './helpers.ts'

/** A stand-in for the wallet-frame build: a page and one hashed asset. */
function fakeFrameBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'latch-frame-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/frame/assets/index-abc123.js"></script>',
  )
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("frame")\n')
  return dir
}

describe.each(DIALECTS)('wallet sessions on %s', (dialect) => {
  let server: TestServer
  let clock = Date.now()
  beforeAll(async () => {
    server = await startTestServer(dialect, { WALLET_FRAME_DIR: fakeFrameBuild() }, undefined, {
      now: () => new Date(clock),
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("refuses a session token sent from a site's origin, or with no origin", async () => {
    const { sessionToken } = await loginByEmail(server)
    const fromSite = await walletCall(
      server,
      'session/user',
      {},
      {
        token: sessionToken,
        origin: DEMO_ORIGIN,
      },
    )
    expect(fromSite.statusCode).toBe(403)
    expect(fromSite.json().message).toBe('Forbidden origin')
    const withoutOrigin = await walletCall(
      server,
      'session/user',
      {},
      {
        token: sessionToken,
        origin: null,
      },
    )
    expect(withoutOrigin.statusCode).toBe(403)
    const signing = await walletCall(
      server,
      'rpc',
      { method: 'personal_sign', params: ['0x00', '0x'], chainId: 31337 },
      { token: sessionToken, origin: DEMO_ORIGIN },
    )
    expect(signing.statusCode).toBe(403)
    // Nor does the site get in before login: every POST is the frame's.
    const start = await walletCall(
      server,
      'email/start',
      { email: newEmail(), deviceId: newDeviceId(), projectId: 'latch-dev' },
      { origin: DEMO_ORIGIN },
    )
    expect(start.statusCode).toBe(403)
    // And no CORS: a preflight gets nothing that would let a browser through.
    const preflight = await server.frame.inject({
      method: 'OPTIONS',
      url: '/wallet/v1/session/user',
      headers: { origin: DEMO_ORIGIN, 'access-control-request-method': 'POST' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('signs out: the token is refused afterwards with Session Expired', async () => {
    const { sessionToken } = await loginByEmail(server)
    expect((await walletCall(server, 'session/user', {}, { token: sessionToken })).statusCode).toBe(
      200,
    )
    const out = await walletCall(server, 'session/signout', {}, { token: sessionToken })
    expect(out.json()).toEqual({ ok: true })
    const after = await walletCall(server, 'session/user', {}, { token: sessionToken })
    expect(after.statusCode).toBe(401)
    expect(after.json().message).toBe('Session Expired')
    // Signing out again is still fine.
    expect(
      (await walletCall(server, 'session/signout', {}, { token: sessionToken })).statusCode,
    ).toBe(200)
  })

  it('expires a session after SESSION_TTL_HOURS', async () => {
    const { sessionToken } = await loginByEmail(server)
    clock += 168 * 60 * 60_000 - 1000
    expect((await walletCall(server, 'session/user', {}, { token: sessionToken })).statusCode).toBe(
      200,
    )
    clock += 1000
    const expired = await walletCall(server, 'session/user', {}, { token: sessionToken })
    expect(expired.statusCode).toBe(401)
    expect(expired.json().message).toBe('Session Expired')
    const rpc = await walletCall(
      server,
      'rpc',
      { method: 'personal_sign', params: ['0x00', '0x'], chainId: 31337 },
      { token: sessionToken },
    )
    expect(rpc.statusCode).toBe(401)
  })

  it('refuses a missing or made-up token', async () => {
    expect((await walletCall(server, 'session/user', {})).json()).toMatchObject({
      statusCode: 401,
      message: 'Session Expired',
    })
    const madeUp = await walletCall(server, 'session/user', {}, { token: 'A'.repeat(43) })
    expect(madeUp.statusCode).toBe(401)
  })

  it('answers the user on a chain the server knows only', async () => {
    const { sessionToken } = await loginByEmail(server)
    const unknown = await walletCall(
      server,
      'session/user',
      { chainId: 999 },
      {
        token: sessionToken,
      },
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe('Unsupported chain')
  })

  it("serves the frame page, embeddable only by the project's origins, which it names for the frame", async () => {
    // On the development default too (ALLOW_LOCALHOST): no other localhost page may embed it.
    expect(server.config.allowLocalhost).toBe(true)
    const page = await server.frame.inject({ method: 'GET', url: '/frame?projectId=latch-dev' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
        "connect-src 'self'; frame-ancestors http://127.0.0.1:5173; base-uri 'none'; " +
        "form-action 'none'",
    )
    expect(page.body).toContain(
      '<meta name="latch-parent-origins" content="[&#34;http://127.0.0.1:5173&#34;]">',
    )
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')

    const asset = await server.frame.inject({ method: 'GET', url: '/frame/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toContain('text/javascript')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const url of ['/frame/assets/..%2Findex.html', '/frame/assets/missing.js'])
      expect((await server.frame.inject({ method: 'GET', url })).statusCode, url).toBe(404)

    // Another project's origins, wildcard included; a malformed entry cannot add a directive.
    await new ProjectStore(server.db).upsert({
      id: 'csp-project',
      name: 'CSP',
      allowedOrigins: [
        'https://app.example.com',
        'https://*.example.org',
        "x; script-src 'unsafe-inline'",
      ],
    })
    const other = await server.frame.inject({ method: 'GET', url: '/frame?projectId=csp-project' })
    expect(other.headers['content-security-policy']).toContain(
      '; frame-ancestors https://app.example.com https://*.example.org; ',
    )
    expect(other.headers['content-security-policy']).not.toContain('unsafe-inline')
    expect(other.body).toContain(
      'content="[&#34;https://app.example.com&#34;,&#34;https://*.example.org&#34;]"',
    )

    const unknown = await server.frame.inject({ method: 'GET', url: '/frame?projectId=nobody' })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().message).toBe('Invalid Project ID: no project "nobody" is registered')
    expect((await server.frame.inject({ method: 'GET', url: '/frame' })).statusCode).toBe(400)
  })
})

describe('the frame origin with the real wallet-frame build', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { ALLOW_LOCALHOST: 'false' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('serves the built page and every asset it names', async () => {
    const page = await server.frame.inject({ method: 'GET', url: '/frame?projectId=latch-dev' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain(
      'frame-ancestors http://127.0.0.1:5173;',
    )
    const assets = [...page.body.matchAll(/(?:src|href)="(\/frame\/assets\/[^"]+)"/g)].map(
      (match) => match[1] as string,
    )
    expect(assets.length).toBeGreaterThan(0)
    for (const url of assets)
      expect((await server.frame.inject({ method: 'GET', url })).statusCode, url).toBe(200)
  })
})

describe('the frame origin without its parts', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      WALLET_FRAME_DIR: mkdtempSync(path.join(tmpdir(), 'latch-no-frame-')),
      ALLOW_LOCALHOST: 'false',
      SMTP_URL: undefined,
      DEVNET_MANIFEST: undefined,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'latch-data-')),
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('says how to build the frame page when it is missing', async () => {
    const page = await server.frame.inject({ method: 'GET', url: '/frame?projectId=latch-dev' })
    expect(page.statusCode).toBe(503)
    expect(page.body).toBe('Wallet frame not built: run npm run build -w @latch/wallet-frame')
  })

  it('answers 503 to an email login without SMTP', async () => {
    const response = await walletCall(server, 'email/start', {
      email: newEmail(),
      deviceId: newDeviceId(),
      projectId: 'latch-dev',
    })
    expect(response.statusCode).toBe(503)
    expect(response.json().message).toBe('Email login is not configured')
    const social = await walletCall(server, 'social/start', {
      provider: 'dev',
      deviceId: newDeviceId(),
      projectId: 'latch-dev',
    })
    expect(social.json().message).toBe('Social login with dev is not configured')
  })
})
