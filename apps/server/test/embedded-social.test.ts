import { randomBytes } from 'node:crypto'
import { loginAtDevProvider } from '@latch/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginByEmail, newDeviceId, newEmail, walletCall } from './embeddedFixtures.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'

describe.each(DIALECTS)('social login on %s', (dialect) => {
  let server: TestServer
  let clock = Date.now()
  beforeAll(async () => {
    server = await startTestServer(dialect, {}, undefined, {
      now: () => new Date(clock),
      longPollMs: 300,
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  const startFlow = async (deviceId = newDeviceId()) => {
    const response = await walletCall(server, 'social/start', {
      provider: 'dev',
      deviceId,
      projectId: 'latch-dev',
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { flowId: string; flowSecret: string; authorizationUrl: string }
  }
  /** The popup: the provider's login, then its redirect to the frame origin's callback. */
  const loginInPopup = async (authorizationUrl: string, login: string) => {
    const callback = await loginAtDevProvider(authorizationUrl, { login })
    expect(`${callback.origin}${callback.pathname}`).toBe(
      `${server.frameUrl}/wallet/v1/social/callback`,
    )
    return server.frame.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` })
  }
  const finish = (flow: { flowId: string; flowSecret: string }) =>
    walletCall(server, 'social/finish', { flowId: flow.flowId, flowSecret: flow.flowSecret })

  it('logs in through the dev provider; finish hands the session once', async () => {
    const flow = await startFlow()
    const authorize = new URL(flow.authorizationUrl)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${server.frameUrl}/wallet/v1/social/callback`,
    )
    // Before the popup comes back the long poll answers pending.
    expect((await finish(flow)).json()).toEqual({ status: 'pending' })

    const login = `dev-${randomBytes(4).toString('hex')}`
    const callback = await loginAtDevProvider(flow.authorizationUrl, { login })
    const callbackPath = `${callback.pathname}${callback.search}`
    const page = await server.frame.inject({ method: 'GET', url: callbackPath })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<script src="/wallet/v1/social/close.js"></script>')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    const close = await server.frame.inject({ method: 'GET', url: '/wallet/v1/social/close.js' })
    expect(close.body).toBe('window.close()\n')
    expect(close.headers['content-type']).toContain('text/javascript')

    const finished = await finish(flow)
    expect(finished.statusCode).toBe(200)
    const session = finished.json()
    expect(session).toMatchObject({
      status: 'connected',
      sessionToken: expect.any(String),
      user: {
        email: `${login}@dev.latch.test`,
        userName: login,
        socialProvider: 'dev',
        accounts: [
          // The smart account its key owns (the devnet has a bundler), the key's EOA, Solana's.
          { namespace: 'eip155', type: 'smartAccount' },
          { namespace: 'eip155', type: 'eoa' },
          { namespace: 'solana', type: 'eoa' },
        ],
      },
    })
    const user = await walletCall(server, 'session/user', {}, { token: session.sessionToken })
    expect(user.json()).toMatchObject({ socialProvider: 'dev', address: session.user.address })

    const again = await finish(flow)
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe('This social login is already finished')
    // The same callback replayed is refused too.
    const replay = await server.frame.inject({ method: 'GET', url: callbackPath })
    expect(replay.statusCode).toBe(400)
    expect(replay.body).toContain('This login is already finished.')
  })

  it('gives the same wallet at the next social login', async () => {
    const login = `dev-${randomBytes(4).toString('hex')}`
    const first = await startFlow()
    await loginInPopup(first.authorizationUrl, login)
    const second = await startFlow()
    await loginInPopup(second.authorizationUrl, login)
    const [a, b] = [(await finish(first)).json(), (await finish(second)).json()]
    expect(a.user.address).toBe(b.user.address)
  })

  it("logs into the email user's wallet when the provider verified that email", async () => {
    const email = newEmail('linked')
    const byEmail = await loginByEmail(server, email)
    const flow = await startFlow()
    await loginInPopup(flow.authorizationUrl, email)
    const bySocial = (await finish(flow)).json()
    expect(bySocial.user.address).toBe(byEmail.user.address)
    expect(bySocial.user.email).toBe(email)
  })

  it('refuses the flow with a wrong secret, and after cancel', async () => {
    const flow = await startFlow()
    const wrong = await walletCall(server, 'social/finish', {
      flowId: flow.flowId,
      flowSecret: 'not-the-secret',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe('Unknown social login: start again')

    const cancelled = await walletCall(server, 'social/cancel', {
      flowId: flow.flowId,
      flowSecret: flow.flowSecret,
    })
    expect(cancelled.json()).toEqual({ ok: true })
    expect((await finish(flow)).json().message).toBe('Social login was cancelled')
    const page = await loginInPopup(flow.authorizationUrl, 'someone')
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('This login is already finished.')
  })

  it('reports a login cancelled at the provider to the frame', async () => {
    const flow = await startFlow()
    const callback = await loginAtDevProvider(flow.authorizationUrl, {
      login: 'nobody',
      cancel: true,
    })
    const page = await server.frame.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    })
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('Login was cancelled at Dev OIDC')
    const finished = await finish(flow)
    expect(finished.statusCode).toBe(400)
    expect(finished.json().message).toBe('Login was cancelled at Dev OIDC')
  })

  it('lets a flow expire after 10 minutes', async () => {
    const flow = await startFlow()
    clock += 10 * 60_000
    expect((await finish(flow)).json().message).toBe('Social login expired: try again')
  })

  it('refuses a provider that is not configured, and an unknown callback', async () => {
    const response = await walletCall(server, 'social/start', {
      provider: 'google',
      deviceId: newDeviceId(),
      projectId: 'latch-dev',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('Social login with google is not configured')
    const unknownProject = await walletCall(server, 'social/start', {
      provider: 'dev',
      deviceId: newDeviceId(),
      projectId: 'nobody',
    })
    expect(unknownProject.statusCode).toBe(401)
    expect(unknownProject.json().message).toBe(
      'Invalid Project ID: no project "nobody" is registered',
    )
    const page = await server.frame.inject({
      method: 'GET',
      url: '/wallet/v1/social/callback?code=abc&state=unknown',
    })
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('This login is unknown or has expired.')
  })

  it("takes Apple's form_post answer from the provider's origin", async () => {
    const flow = await startFlow()
    const callback = await loginAtDevProvider(flow.authorizationUrl, {
      login: `dev-${randomBytes(4).toString('hex')}`,
    })
    const page = await server.frame.inject({
      method: 'POST',
      url: '/wallet/v1/social/callback',
      headers: {
        origin: 'https://appleid.apple.com',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: callback.searchParams.toString(),
    })
    expect(page.statusCode, page.body).toBe(200)
    expect((await finish(flow)).json().status).toBe('connected')
  })
})
