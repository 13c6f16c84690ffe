import { createApiClient, createLatch, defineEvmNetwork, HttpStatusError } from '@latch/core'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { ProjectStore } from '../src/projects.ts'
import { DEMO_ORIGIN, startTestServer, TEST_FRAME_URL, type TestServer } from './helpers.ts'

const devnetNetworks = () =>
  inject('devnet').chains.map((chain) =>
    defineEvmNetwork({ id: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl }),
  )

/** fetch as a page on `origin` makes it: every request carries that Origin. */
const fetchFromOrigin =
  (origin: string): typeof fetch =>
  (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin } })

/** The kit's API client against the real server over HTTP, as a site's page uses it. */
describe('@latch/core api client', () => {
  let server: TestServer
  let baseUrl: string
  beforeAll(async () => {
    // GitHub credentials (never used) let the server offer GitHub login.
    server = await startTestServer('pglite', {
      SOCIAL_GITHUB_CLIENT_ID: 'github-client',
      SOCIAL_GITHUB_CLIENT_SECRET: 'github-secret',
    })
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('reads the supported chains with the project id, sdk type and version added', async () => {
    const api = createApiClient({ baseUrl, projectId: 'latch-dev' })
    expect(await api.supportedChains()).toEqual({
      http: [
        'eip155:31337',
        'eip155:31338',
        inject('devnet').solana?.caipNetworkId,
        inject('devnet').bitcoin?.caipNetworkId,
        inject('devnet').polkadot?.caipNetworkId,
      ],
      ws: [],
      bundler: ['eip155:31337', 'eip155:31338'],
      paymaster: ['eip155:31337', 'eip155:31338'],
    })
  })

  it("throws 'HTTP status code: {status}' with the server's message on a non-OK answer", async () => {
    const api = createApiClient({ baseUrl, projectId: 'unknown-project' })
    const error = await api.supportedChains().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).status).toBe(401)
    expect((error as HttpStatusError).shortMessage).toBe('HTTP status code: 401')
    expect((error as HttpStatusError).details).toBe(
      'Invalid Project ID: no project "unknown-project" is registered',
    )
  })

  it("raises 'Project ID Not Configured' when started without a project id", async () => {
    const networks = devnetNetworks()
    const latch = createLatch({ projectId: '', serverUrl: baseUrl, networks })
    await latch.start()
    expect(latch.alerts.state.get()).toMatchObject({
      open: true,
      title: 'Project ID Not Configured',
    })
  })

  it.each([
    { origin: 'https://not-listed.example', alerted: true },
    { origin: DEMO_ORIGIN, alerted: false },
  ])(
    'raises the origin alert only for a page origin the project does not list ($origin)',
    async ({ origin, alerted }) => {
      vi.stubGlobal('location', { origin })
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      try {
        const latch = createLatch({
          projectId: 'latch-dev',
          serverUrl: baseUrl,
          networks: devnetNetworks(),
          // As a browser would: every request from the page carries its Origin.
          fetch: fetchFromOrigin(origin),
        })
        await latch.start()
        const alert = latch.alerts.state.get()
        expect(alert.open).toBe(alerted)
        // The visitor reads the spec's alert; the developer's console names the origin to allow.
        if (alerted) {
          expect(alert.title).toBe('Invalid App Configuration')
          expect(errors.mock.calls.flat().join('\n')).toContain(origin)
        }
      } finally {
        errors.mockRestore()
        vi.unstubAllGlobals()
      }
    },
  )

  it("narrows the site's features by the project's settings on the server", async () => {
    await new ProjectStore(server.db).upsert({
      id: 'no-swaps',
      name: 'No swaps',
      allowedOrigins: [DEMO_ORIGIN],
      features: { swap: { isEnabled: false }, social_login: { config: ['github', 'google'] } },
    })
    const networks = devnetNetworks()
    // Social logins run in the wallet frame: a site offers them only with its URL.
    const latch = createLatch({
      projectId: 'no-swaps',
      serverUrl: baseUrl,
      networks,
      walletFrameUrl: TEST_FRAME_URL,
    })
    expect(latch.features.get().swaps).toBe(true)
    await latch.start()
    // Google is in the project's list, but this server has no Google credentials.
    expect(latch.features.get()).toMatchObject({ swaps: false, onramp: true, socials: ['github'] })
  })
})
