import { formatSiweMessage, type SiweMessage } from '@latch/protocol/siwx'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEMO_ORIGIN, DIALECTS, startTestServer, type TestServer } from './helpers.ts'
import { deploySmartAccounts, type SmartAccounts } from './smartAccounts.ts'

const devnet = inject('devnet')
const chainId = (devnet.chains[0] as (typeof devnet.chains)[number]).chainId
const DOMAIN = new URL(DEMO_ORIGIN).host
const QUERY = '?projectId=latch-dev&st=react&sv=0.1.0'

// ERC-1271 and ERC-6492 are checked against the owner-signed account of smartAccounts.ts.
let smartAccounts: Promise<SmartAccounts> | undefined
const deployOnce = () => {
  smartAccounts ??= deploySmartAccounts(devnet.chains[0] as (typeof devnet.chains)[number])
  return smartAccounts
}

describe.each(DIALECTS)('SIWX sign-in on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(async () => {
    await server?.close()
  })

  let calls = 0
  const call = (
    method: 'GET' | 'POST',
    route: string,
    options: { body?: unknown; token?: string; remoteAddress?: string } = {},
  ) =>
    server.app.inject({
      method,
      url: `/auth/v1/siwx/${route}${QUERY}`,
      headers: {
        origin: DEMO_ORIGIN,
        ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
      },
      ...(options.body !== undefined && { payload: options.body as object }),
      // Each call from its own address unless a test picks one: only the 429 test hits the limit.
      remoteAddress: options.remoteAddress ?? `192.0.2.${(calls++ % 250) + 1}`,
    })

  const newNonce = async (): Promise<string> => {
    const response = await call('GET', 'nonce')
    expect(response.statusCode).toBe(200)
    return response.json().nonce
  }

  /** A message for the demo page, signed by a fresh EOA unless `signer` is given. */
  async function signedMessage(
    change: Partial<SiweMessage> = {},
    signer = privateKeyToAccount(generatePrivateKey()),
  ) {
    const message: SiweMessage = {
      domain: DOMAIN,
      address: signer.address,
      statement: 'Sign in to the Latch demo',
      uri: `${DEMO_ORIGIN}/`,
      version: '1',
      chainId,
      nonce: await newNonce(),
      issuedAt: new Date().toISOString(),
      ...change,
    }
    const text = formatSiweMessage(message)
    return { message, text, signature: await signer.signMessage({ message: text }), signer }
  }

  const verify = (text: string, signature: Hex) =>
    call('POST', 'verify', { body: { message: text, signature } })

  const expectRefusal = async (
    response: Awaited<ReturnType<typeof verify>>,
    statusCode: number,
    message: RegExp,
  ) => {
    expect(response.json().message).toMatch(message)
    expect(response.statusCode).toBe(statusCode)
  }

  it('gives single-use random nonces of at least 16 letters or digits', async () => {
    const [first, second] = [await newNonce(), await newNonce()]
    expect(first).toMatch(/^[A-Za-z0-9]{16,}$/)
    expect(first).not.toBe(second)
  })

  it('signs an EOA in, and the session checks out by its token', async () => {
    const { message, text, signature } = await signedMessage()
    const response = await verify(text, signature)
    expect(response.statusCode).toBe(200)
    const { token, session } = response.json()
    expect(session).toMatchObject({
      address: message.address,
      chainId,
      caipNetworkId: `eip155:${chainId}`,
      projectId: 'latch-dev',
      domain: DOMAIN,
    })
    const weekAhead = Date.now() + 7 * 24 * 3600_000
    expect(Math.abs(Date.parse(session.expiresAt) - weekAhead)).toBeLessThan(60_000)

    const checked = await call('GET', 'session', { token })
    expect(checked.statusCode).toBe(200)
    expect(checked.json()).toEqual(session)
    // Only the token's hash is stored.
    const rows = await server.db.query<{ token_hash: string }>(
      'select token_hash from siwx_sessions where address = $1',
      [message.address],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).not.toContain(token)
  })

  it("ends the session at the message's expiration time when that is sooner", async () => {
    const expirationTime = new Date(Date.now() + 3600_000).toISOString()
    const { text, signature } = await signedMessage({ expirationTime })
    const response = await verify(text, signature)
    expect(response.statusCode).toBe(200)
    expect(response.json().session.expiresAt).toBe(expirationTime)
  })

  it('refuses a replayed message: its nonce is used', async () => {
    const { text, signature } = await signedMessage()
    expect((await verify(text, signature)).statusCode).toBe(200)
    await expectRefusal(await verify(text, signature), 401, /^Nonce already used/)
  })

  it('opens one session when the same message is verified twice at once', async () => {
    const { text, signature } = await signedMessage()
    const responses = await Promise.all([verify(text, signature), verify(text, signature)])
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401])
    const refused = responses.find((response) => response.statusCode === 401)
    expect(refused?.json().message).toMatch(/^Nonce already used/)
  })

  it('refuses a nonce the server did not give', async () => {
    const { text, signature } = await signedMessage({ nonce: 'abcdef0123456789abcdef' })
    await expectRefusal(await verify(text, signature), 401, /^Unknown nonce/)
  })

  it('refuses an expired nonce', async () => {
    const { message, text, signature } = await signedMessage()
    await server.db.query(
      "update siwx_nonces set expires_at = now() - interval '1 minute' where nonce = $1",
      [message.nonce],
    )
    await expectRefusal(await verify(text, signature), 401, /^Nonce expired/)
  })

  it('refuses an expired message with Session Expired', async () => {
    const { text, signature } = await signedMessage({
      issuedAt: new Date(Date.now() - 3600_000).toISOString(),
      expirationTime: new Date(Date.now() - 120_000).toISOString(),
    })
    await expectRefusal(await verify(text, signature), 401, /^Session Expired: the message expired/)
  })

  it('refuses a message issued in the future, or not yet valid, with Session Expired', async () => {
    const future = new Date(Date.now() + 5 * 60_000).toISOString()
    const early = await signedMessage({ issuedAt: future })
    await expectRefusal(
      await verify(early.text, early.signature),
      401,
      /^Session Expired: .*issued/,
    )
    const notYet = await signedMessage({ notBefore: future })
    await expectRefusal(
      await verify(notYet.text, notYet.signature),
      401,
      /^Session Expired: .*not valid before/,
    )
  })

  it('allows 60 s of clock skew', async () => {
    const { text, signature } = await signedMessage({
      issuedAt: new Date(Date.now() + 30_000).toISOString(),
    })
    expect((await verify(text, signature)).statusCode).toBe(200)
  })

  it('refuses a message for another domain, or a uri off the allowed origins', async () => {
    const other = await signedMessage({ domain: 'evil.example' })
    await expectRefusal(
      await verify(other.text, other.signature),
      403,
      /^Domain evil.example is not an allowed origin/,
    )
    const offUri = await signedMessage({ uri: 'https://evil.example/login' })
    await expectRefusal(
      await verify(offUri.text, offUri.signature),
      403,
      /^URI https:\/\/evil.example\/login is not on an allowed origin/,
    )
  })

  it('refuses a message whose domain is not the page that asked', async () => {
    const { text, signature } = await signedMessage({ domain: 'localhost:3000' })
    await expectRefusal(await verify(text, signature), 403, /not the origin of the request/)
  })

  it('refuses a signature by another key', async () => {
    const { text } = await signedMessage()
    const stranger = privateKeyToAccount(generatePrivateKey())
    const signature = await stranger.signMessage({ message: text })
    await expectRefusal(await verify(text, signature), 401, /^Invalid signature$/)
  })

  it('refuses a tampered message', async () => {
    const { text, signature } = await signedMessage()
    const tampered = text.replace('Sign in to the Latch demo', 'Sign in to the Latch demo again')
    await expectRefusal(await verify(tampered, signature), 401, /^Invalid signature$/)
  })

  it('refuses a chain the server does not serve', async () => {
    const { text, signature } = await signedMessage({ chainId: 1 })
    await expectRefusal(await verify(text, signature), 400, /^Chain eip155:1 is not supported$/)
  })

  it('refuses a malformed message or signature with 400 naming the problem', async () => {
    const { text, signature } = await signedMessage()
    await expectRefusal(
      await verify(text.replace('Version: 1', 'Version: 2'), signature),
      400,
      /^Invalid SIWE message: version must be 1/,
    )
    await expectRefusal(await verify(text, 'nope' as Hex), 400, /signature must be 0x/)
    await expectRefusal(await call('POST', 'verify', { body: { signature } }), 400, /body.message/)
  })

  it('signs out: the session is revoked, then refused', async () => {
    const { text, signature } = await signedMessage()
    const { token } = (await verify(text, signature)).json()
    const signout = await call('POST', 'signout', { token })
    expect(signout.statusCode).toBe(200)
    expect(signout.json()).toEqual({ revoked: true })
    await expectRefusal(await call('GET', 'session', { token }), 401, /^Session revoked/)
    await expectRefusal(await call('POST', 'signout', { token }), 401, /^Session revoked/)
  })

  it('refuses a missing or unknown bearer token with 401', async () => {
    await expectRefusal(await call('GET', 'session'), 401, /Bearer <token> is required/)
    await expectRefusal(
      await call('GET', 'session', { token: 'not-a-token' }),
      401,
      /^Unknown session token$/,
    )
  })

  it('signs in a deployed smart account by its owner (ERC-1271)', async () => {
    const { owner, deployed } = await deployOnce()
    const { text } = await signedMessage({ address: deployed })
    const signature = await owner.signMessage({ message: text })
    const response = await verify(text, signature)
    expect(response.json().session?.address).toBe(deployed)
    expect(response.statusCode).toBe(200)

    const other = await signedMessage({ address: deployed })
    const stranger = privateKeyToAccount(generatePrivateKey())
    await expectRefusal(
      await verify(other.text, await stranger.signMessage({ message: other.text })),
      401,
      /^Invalid signature$/,
    )
  })

  it('signs in an account not yet deployed (ERC-6492)', async () => {
    const { owner, counterfactual, wrap } = await deployOnce()
    const { text } = await signedMessage({ address: counterfactual })
    const signature = wrap(await owner.signMessage({ message: text }))
    const response = await verify(text, signature)
    expect(response.json().session?.address).toBe(counterfactual)
    expect(response.statusCode).toBe(200)

    const stranger = privateKeyToAccount(generatePrivateKey())
    const other = await signedMessage({ address: counterfactual })
    await expectRefusal(
      await verify(other.text, wrap(await stranger.signMessage({ message: other.text }))),
      401,
      /^Invalid signature$/,
    )
  })

  it('documents the routes in OpenAPI under auth', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json()
    for (const [path, method] of [
      ['/auth/v1/siwx/nonce', 'get'],
      ['/auth/v1/siwx/verify', 'post'],
      ['/auth/v1/siwx/session', 'get'],
      ['/auth/v1/siwx/signout', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method]?.tags, path).toEqual(['auth'])
    }
  })

  it('limits the nonce route per IP with 429', async () => {
    const remoteAddress = '10.9.8.7'
    for (let count = 0; count < 30; count++) {
      expect((await call('GET', 'nonce', { remoteAddress })).statusCode).toBe(200)
    }
    await expectRefusal(await call('GET', 'nonce', { remoteAddress }), 429, /^Too many requests/)
    // Another address is counted on its own.
    expect((await call('GET', 'nonce', { remoteAddress: '10.9.8.6' })).statusCode).toBe(200)
  })
})
