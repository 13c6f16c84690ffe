import { createPrivateKey, sign } from 'node:crypto'
import { parseSiwsMessage } from '@latch/protocol/siwx'
import { decodeBase58, encodeBase58 } from '@latch/protocol/solana'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  DEMO_ORIGIN,
  startTestServer,
  type TestServer,
} from '../../../../../apps/server/test/helpers.ts'
import { solanaSignInMessage } from './signIn.ts'

const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

describe('solanaSignInMessage', () => {
  it('writes the fields as Sign In With Solana, the Chain ID being the CAIP-2 reference', () => {
    const text = solanaSignInMessage({
      domain: 'localhost:5173',
      caipAddress: `${DEVNET}:${ADDRESS}`,
      statement: 'Sign in to the demo',
      uri: 'http://localhost:5173',
      version: '1',
      nonce: 'abcdef123456',
      issuedAt: '2026-01-02T03:04:05.000Z',
    })
    expect(text).toBe(
      [
        'localhost:5173 wants you to sign in with your Solana account:',
        ADDRESS,
        '',
        'Sign in to the demo',
        '',
        'URI: http://localhost:5173',
        'Version: 1',
        'Chain ID: EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        'Nonce: abcdef123456',
        'Issued At: 2026-01-02T03:04:05.000Z',
      ].join('\n'),
    )
  })

  it('writes the optional fields in order and reads back to the same fields', () => {
    const fields = {
      domain: 'example.com',
      caipAddress: `${DEVNET}:${ADDRESS}` as const,
      uri: 'https://example.com/login',
      version: '1' as const,
      nonce: 'n0nceValue1',
      issuedAt: '2026-01-02T03:04:05.000Z',
      expirationTime: '2026-01-03T03:04:05.000Z',
      notBefore: '2026-01-02T03:00:00.000Z',
      requestId: 'request-7',
      resources: ['https://example.com/terms', 'ipfs://bafy'],
    }
    const text = solanaSignInMessage(fields)
    expect(text).not.toContain('\n\n\n')
    expect(text.split('\n').slice(2)).toEqual([
      '',
      'URI: https://example.com/login',
      'Version: 1',
      'Chain ID: EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'Nonce: n0nceValue1',
      'Issued At: 2026-01-02T03:04:05.000Z',
      'Expiration Time: 2026-01-03T03:04:05.000Z',
      'Not Before: 2026-01-02T03:00:00.000Z',
      'Request ID: request-7',
      'Resources:',
      '- https://example.com/terms',
      '- ipfs://bafy',
    ])
    expect(parseSiwsMessage(text, ['uri', 'version', 'nonce', 'issuedAt'])).toEqual({
      domain: 'example.com',
      address: ADDRESS,
      uri: fields.uri,
      version: '1',
      chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      nonce: fields.nonce,
      issuedAt: fields.issuedAt,
      expirationTime: fields.expirationTime,
      notBefore: fields.notBefore,
      requestId: fields.requestId,
      resources: fields.resources,
    })
  })
})

/** fetch as the demo page makes it: every request carries the demo's Origin. */
const pageFetch: typeof fetch = (input, init) =>
  fetch(input, {
    ...init,
    headers: { ...(init?.headers as Record<string, string>), origin: DEMO_ORIGIN },
  })

describe('solanaSignInMessage, signed and sent to the server', () => {
  let server: TestServer
  let serverUrl: string
  beforeAll(async () => {
    server = await startTestServer('pglite')
    serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('has a Sign In With Solana message signed by a devnet key verified by the server', async () => {
    const solana = inject('devnet').solana as NonNullable<
      ReturnType<typeof inject<'devnet'>>['solana']
    >
    const caipNetworkId = solana.caipNetworkId as `${string}:${string}`
    // A devnet wallet's 64-byte secret key: its seed, then its public key.
    const secret = decodeBase58(
      (solana.accounts[9] as { secretKey: string }).secretKey,
    ) as Uint8Array
    const key = {
      address: encodeBase58(secret.subarray(32)),
      privateKey: createPrivateKey({
        key: Buffer.concat([
          Buffer.from('302e020100300506032b657004220420', 'hex'),
          secret.subarray(0, 32),
        ]),
        format: 'der',
        type: 'pkcs8',
      }),
    }
    const query = '?projectId=latch-dev'
    const nonceResponse = await pageFetch(new URL(`/auth/v1/siwx/nonce${query}`, serverUrl))
    const { nonce } = (await nonceResponse.json()) as { nonce: string }
    const message = solanaSignInMessage({
      domain: new URL(DEMO_ORIGIN).host,
      caipAddress: `${caipNetworkId}:${key.address}`,
      statement: 'Sign in to the Latch demo',
      uri: `${DEMO_ORIGIN}/`,
      version: '1',
      nonce,
      issuedAt: new Date().toISOString(),
    })
    const signature = encodeBase58(sign(null, Buffer.from(message), key.privateKey))
    const response = await pageFetch(new URL(`/auth/v1/siwx/verify${query}`, serverUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature }),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { session: unknown }).session).toMatchObject({
      address: key.address,
      caipNetworkId,
    })
  })
})
