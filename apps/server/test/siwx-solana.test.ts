import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { encodeBase58 } from '@latch/protocol'
import { formatSiwsMessage, type SiwsMessage } from '@latch/protocol/siwx'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chainsOfDevnet } from '../src/config.ts'
import { DEMO_ORIGIN, startTestServer, type TestServer } from './helpers.ts'

const DOMAIN = new URL(DEMO_ORIGIN).host
const QUERY = '?projectId=latch-dev&st=react&sv=0.1.0'
const LOCAL_CHAIN = 'solana:LatchSo1anaDevnet111111111111111'
const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** A Solana keypair: its base58 address, and a signer of raw bytes (what a wallet's signMessage does). */
function solanaKeypair(): { address: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  return { address: encodeBase58(raw), privateKey }
}

describe('Sign In With Solana', () => {
  let server: TestServer
  beforeAll(async () => {
    // Two Solana chains besides the devnet's EVM ones: a sign-in never calls a Solana node, so
    // their RPC URLs are never reached.
    const solana = (caipNetworkId: string, name: string) => ({
      family: 'solana',
      caipNetworkId,
      name,
      rpcUrls: ['http://127.0.0.1:9/'],
    })
    server = await startTestServer('pglite', {
      LATCH_CHAINS: JSON.stringify([
        ...chainsOfDevnet(inject('devnet')),
        solana(LOCAL_CHAIN, 'Local Solana'),
        solana(MAINNET, 'Solana'),
      ]),
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  let calls = 0
  const call = (method: 'GET' | 'POST', route: string, body?: object, token?: string) =>
    server.app.inject({
      method,
      url: `/auth/v1/siwx/${route}${QUERY}`,
      headers: {
        origin: DEMO_ORIGIN,
        ...(token !== undefined && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { payload: body }),
      remoteAddress: `198.51.100.${(calls++ % 250) + 1}`,
    })

  async function signed(change: Partial<SiwsMessage> = {}, keypair = solanaKeypair()) {
    const nonce = (await call('GET', 'nonce')).json().nonce as string
    const message: SiwsMessage = {
      domain: DOMAIN,
      address: keypair.address,
      statement: 'Sign in to the Latch demo',
      uri: `${DEMO_ORIGIN}/`,
      version: '1',
      chainId: 'localnet',
      nonce,
      issuedAt: new Date().toISOString(),
      ...change,
    }
    const text = formatSiwsMessage(message)
    const signature = encodeBase58(sign(null, Buffer.from(text), keypair.privateKey))
    return { message, text, signature }
  }

  it('opens a session for an ed25519 signature of the message, on the chain it names', async () => {
    const { message, text, signature } = await signed()
    const response = await call('POST', 'verify', { message: text, signature })
    expect(response.json()).toMatchObject({
      session: {
        address: message.address,
        caipNetworkId: LOCAL_CHAIN,
        chainId: LOCAL_CHAIN.slice('solana:'.length),
        domain: DOMAIN,
        projectId: 'latch-dev',
      },
    })
    expect(response.statusCode).toBe(200)
    const session = await call('GET', 'session', undefined, response.json().token)
    expect(session.json()).toEqual(response.json().session)
  })

  it('reads the Chain ID as a cluster, a CAIP-2 id or its reference', async () => {
    for (const chainId of ['mainnet', 'solana:mainnet', MAINNET, MAINNET.slice(7)]) {
      const { text, signature } = await signed({ chainId })
      const response = await call('POST', 'verify', { message: text, signature })
      expect(response.json().session?.caipNetworkId, chainId).toBe(MAINNET)
    }
  })

  it('refuses a signature by another key, a replay, and a chain the server does not have', async () => {
    const { text } = await signed()
    const other = await signed()
    const forged = await call('POST', 'verify', { message: text, signature: other.signature })
    expect([forged.statusCode, forged.json().message]).toEqual([401, 'Invalid signature'])

    const good = await signed()
    expect(
      (await call('POST', 'verify', { message: good.text, signature: good.signature })).statusCode,
    ).toBe(200)
    const replay = await call('POST', 'verify', { message: good.text, signature: good.signature })
    expect(replay.json().message).toMatch(/^Nonce already used/)

    const testnet = await signed({ chainId: 'testnet' })
    const refused = await call('POST', 'verify', {
      message: testnet.text,
      signature: testnet.signature,
    })
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'Chain testnet is not a Solana network this server supports',
    ])
  })

  it('checks the domain and the time window as for EVM', async () => {
    const phishing = await signed({ domain: 'evil.example' })
    const refused = await call('POST', 'verify', {
      message: phishing.text,
      signature: phishing.signature,
    })
    expect(refused.statusCode).toBe(403)
    const expired = await signed({
      issuedAt: new Date(Date.now() - 3600_000).toISOString(),
      expirationTime: new Date(Date.now() - 120_000).toISOString(),
    })
    const late = await call('POST', 'verify', {
      message: expired.text,
      signature: expired.signature,
    })
    expect([late.statusCode, late.json().message]).toEqual([
      401,
      expect.stringMatching(/^Session Expired/),
    ])
  })

  it('answers a malformed message or signature with 400 and what is wrong', async () => {
    const { text, signature } = await signed()
    const noNonce = text.replace(/\nNonce: .*/, '')
    const missing = await call('POST', 'verify', { message: noNonce, signature })
    expect([missing.statusCode, missing.json().message]).toEqual([
      400,
      'Invalid SIWS message: nonce is missing',
    ])
    const short = await call('POST', 'verify', { message: text, signature: signature.slice(0, 70) })
    expect([short.statusCode, short.json().message]).toEqual([
      400,
      'signature must be 64 bytes, base58 or 0x-hex, for a Solana account',
    ])
  })
})
