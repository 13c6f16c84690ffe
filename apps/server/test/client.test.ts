import { createApiClient, createLatch, HttpStatusError, LatchError } from '@latch/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers.ts'

/** The kit's API client against the real server over HTTP, as a site's page uses it. */
describe('@latch/core api client', () => {
  let server: TestServer
  let baseUrl: string
  beforeAll(async () => {
    server = await startTestServer('pglite')
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('reads the supported chains with the project id, sdk type and version added', async () => {
    const latch = createLatch({ projectId: 'latch-dev', serverUrl: baseUrl })
    expect(await latch.api.supportedChains()).toEqual({
      http: ['eip155:31337', 'eip155:31338'],
      ws: [],
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

  it('refuses to start without a project id', () => {
    expect(() => createLatch({ projectId: '', serverUrl: baseUrl })).toThrow(
      new LatchError('Project ID Not Configured'),
    )
  })
})
