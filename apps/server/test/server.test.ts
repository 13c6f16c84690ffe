import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { listMigrations, migrate } from '../src/db/migrate.ts'
import { ProjectStore } from '../src/projects.ts'
import { DEMO_ORIGIN, DIALECTS, startTestServer, type TestServer } from './helpers.ts'

describe.each(DIALECTS)('server on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('has applied every migration, and applying again changes nothing', async () => {
    const rows = await server.db.query<{ version: number }>(
      'select version from schema_migrations order by version',
    )
    expect(rows.map((row) => row.version)).toEqual(
      listMigrations().map((migration) => migration.version),
    )
    expect(await migrate(server.db)).toEqual([])
  })

  it('reports health with the database dialect and every devnet chain', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/health' })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ status: 'ok', database: { ok: true, dialect } })
    expect(body.chains.map((chain: { caipNetworkId: string }) => chain.caipNetworkId)).toEqual([
      'eip155:31337',
      'eip155:31338',
    ])
    expect(
      body.chains.every(
        (chain: { ok: boolean; blockNumber: string }) => chain.ok && Number(chain.blockNumber) > 0,
      ),
    ).toBe(true)
  })

  it("names every configured family's networks in /health, each under its CAIP-2 namespace", async () => {
    const body = (await server.app.inject({ method: 'GET', url: '/health' })).json()
    const devnet = inject('devnet')
    expect(body.networks).toEqual({
      eip155: ['eip155:31337', 'eip155:31338'],
      solana: [devnet.solana?.caipNetworkId],
      bip122: [devnet.bitcoin?.caipNetworkId],
      polkadot: [devnet.polkadot?.caipNetworkId],
    })
    // The EVM chains' own states stay where existing callers read them.
    expect(body.chains.map((chain: { caipNetworkId: string }) => chain.caipNetworkId)).toEqual(
      body.networks.eip155,
    )
  })

  it('answers /v1/supported-chains for the seeded dev project', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/v1/supported-chains?projectId=latch-dev&st=react&sv=0.1.0',
      headers: { origin: DEMO_ORIGIN },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
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
    expect(response.headers['access-control-allow-origin']).toBe(DEMO_ORIGIN)
  })

  it('refuses a missing project id with 400', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v1/supported-chains' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'projectId is required',
    })
  })

  it('refuses an unknown project id with 401', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/projects/v1/origins?projectId=nobody',
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().message).toBe('Invalid Project ID: no project "nobody" is registered')
  })

  it('answers a CORS preflight from an origin it does not allow with 403, and allows its own', async () => {
    const preflight = (origin: string) =>
      server.app.inject({
        method: 'OPTIONS',
        url: '/v1/supported-chains?projectId=latch-dev',
        headers: { origin, 'access-control-request-method': 'GET' },
      })
    const refused = await preflight('https://evil.example')
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    expect(refused.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Origin https://evil.example is not allowed',
    })
    const allowed = await preflight(DEMO_ORIGIN)
    expect(allowed.statusCode).toBe(204)
    expect(allowed.headers['access-control-allow-origin']).toBe(DEMO_ORIGIN)
    // A plain request from such an origin is not a preflight: the route answers it (no CORS headers).
    const health = await server.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://evil.example' },
    })
    expect(health.statusCode).toBe(200)
    expect(health.headers['access-control-allow-origin']).toBeUndefined()
  })

  it("documents the wallet routes of the frame listener in the OpenAPI document, on the frame's origin", async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown> & { servers?: { url: string }[] }>
    }
    const walletPaths = Object.keys(document.paths).filter((path) => path.startsWith('/wallet/v1/'))
    expect(walletPaths.sort()).toEqual(
      [
        'email/start',
        'email/device',
        'device/approve',
        'email/verify',
        'social/start',
        'social/callback',
        'social/finish',
        'social/cancel',
        'farcaster/start',
        'farcaster/finish',
        'farcaster/cancel',
        'session/user',
        'session/signout',
        'rpc',
        'rpc/cost',
        'solana/network',
        'evm/network',
        'email/update',
        'email/update/primary',
        'email/update/secondary',
      ]
        .map((path) => `/wallet/v1/${path}`)
        .sort(),
    )
    for (const path of [...walletPaths, '/frame']) {
      expect(document.paths[path]?.servers, path).toEqual([
        expect.objectContaining({ url: server.frameUrl }),
      ])
    }
    expect(Object.keys(document.paths['/wallet/v1/social/callback'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    )
    // The API's own routes stay on the API server.
    expect(document.paths['/health']?.servers).toBeUndefined()
  })

  it('refuses a malformed project id with 400', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/projects/v1/origins?projectId=a%20b',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/^Invalid projectId/)
  })

  it("refuses a browser origin the project doesn't allow with 403", async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/projects/v1/origins?projectId=latch-dev',
      headers: { origin: 'https://evil.example' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe(
      'Origin https://evil.example is not allowed for project "latch-dev"',
    )
  })

  it("lists the project's allowed origins, wildcards included", async () => {
    await new ProjectStore(server.db).upsert({
      id: 'shop',
      name: 'Shop',
      allowedOrigins: ['https://shop.example', 'https://*.preview.example'],
    })
    const response = await server.app.inject({
      method: 'GET',
      url: '/projects/v1/origins?projectId=shop',
      headers: { origin: 'https://pr-12.preview.example' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      allowedOrigins: ['https://shop.example', 'https://*.preview.example'],
    })
    // CORS reads the project's list by the same rule, so the browser is let through too.
    for (const origin of ['https://shop.example', 'https://pr-12.preview.example']) {
      const request = await server.app.inject({
        method: 'GET',
        url: '/projects/v1/origins?projectId=shop',
        headers: { origin },
      })
      expect(request.statusCode, origin).toBe(200)
      expect(request.headers['access-control-allow-origin'], origin).toBe(origin)
      const preflight = await server.app.inject({
        method: 'OPTIONS',
        url: '/projects/v1/origins?projectId=shop',
        headers: { origin, 'access-control-request-method': 'GET' },
      })
      expect(preflight.statusCode, origin).toBe(204)
      expect(preflight.headers['access-control-allow-origin'], origin).toBe(origin)
    }
    // The wildcard takes subdomains only, not the domain itself.
    const apex = await server.app.inject({
      method: 'OPTIONS',
      url: '/projects/v1/origins?projectId=shop',
      headers: { origin: 'https://preview.example', 'access-control-request-method': 'GET' },
    })
    expect(apex.statusCode).toBe(403)
    expect(apex.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('answers wrong parameter types with 400 and the field at fault', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/v1/supported-chains?projectId=latch-dev&sv=${'9'.repeat(65)}`,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(
      'querystring.sv: Too big: expected string to have <=64 characters',
    )
  })

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/supported-chains?projectId=latch-dev',
      headers: { 'content-type': 'application/json' },
      payload: '{"projectId": ',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('Body is not valid JSON')
  })

  it('answers an unknown route with 404 and its path', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/v1/nothing-here?projectId=latch-dev',
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe('No route GET /v1/nothing-here')
  })

  it('serves the OpenAPI document at /docs', async () => {
    const json = await server.app.inject({ method: 'GET', url: '/docs/json' })
    expect(json.statusCode).toBe(200)
    const paths = Object.keys(json.json().paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/health',
        '/v1/supported-chains',
        '/projects/v1/origins',
        '/v1/esplora/{*}',
        '/v1/esplora/tx',
      ]),
    )
    const page = await server.app.inject({ method: 'GET', url: '/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<html')
  })
})
