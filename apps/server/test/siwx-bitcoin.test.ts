import { formatSiwbMessage, type SiwbMessage } from '@latch/protocol/siwx-bitcoin'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { signBip137, signBip322 } from '../src/families/bitcoin/bip322.fixture.ts'
import { type BitcoinTestKey, bitcoinKey } from './bitcoinTx.ts'
import { DEMO_ORIGIN, startTestServer, type TestServer } from './helpers.ts'

const DOMAIN = new URL(DEMO_ORIGIN).host
const QUERY = '?projectId=latch-dev&st=react&sv=0.1.0'
const manifest = inject('devnet')
const BITCOIN = manifest.bitcoin?.caipNetworkId ?? ''
const MAINNET = 'bip122:000000000019d6689c085ae165831e93'

describe('Sign In With Bitcoin', () => {
  let server: TestServer
  beforeAll(async () => {
    // The test server's chains: the devnet's EVM, Solana and Bitcoin (regtest) ones. A sign-in
    // never calls a Bitcoin node.
    server = await startTestServer('pglite')
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

  type Scheme = 'bip322' | 'bip137'
  async function signed(
    key: BitcoinTestKey,
    scheme: Scheme = 'bip322',
    change: Partial<SiwbMessage> = {},
  ) {
    const nonce = (await call('GET', 'nonce')).json().nonce as string
    const message: SiwbMessage = {
      domain: DOMAIN,
      address: key.address,
      statement: 'Sign in to the Latch demo',
      uri: `${DEMO_ORIGIN}/`,
      version: '1',
      chainId: BITCOIN,
      nonce,
      issuedAt: new Date().toISOString(),
      ...change,
    }
    const text = formatSiwbMessage(message)
    const signature =
      scheme === 'bip322'
        ? signBip322(key.script, key.privateKey, text, key.taproot ? key.publicKey : undefined)
        : signBip137(key.privateKey, text, true)
    return { message, text, signature }
  }

  it('opens a session for a BIP-322 signature by a payment (P2WPKH) or ordinals (P2TR) address, or a BIP-137 one', async () => {
    for (const [kind, scheme] of [
      ['p2wpkh', 'bip322'],
      ['p2tr', 'bip322'],
      ['p2wpkh', 'bip137'],
    ] as const) {
      const key = bitcoinKey(kind)
      const { text, signature } = await signed(key, scheme)
      const response = await call('POST', 'verify', { message: text, signature })
      expect([kind, scheme, response.statusCode]).toEqual([kind, scheme, 200])
      expect(response.json().session).toMatchObject({
        address: key.address,
        caipNetworkId: BITCOIN,
        chainId: BITCOIN.slice('bip122:'.length),
        domain: DOMAIN,
        projectId: 'latch-dev',
      })
      const session = await call('GET', 'session', undefined, response.json().token)
      expect(session.json()).toEqual(response.json().session)
    }
  })

  it('refuses a signature by another key, a replay, another network and an address of another network', async () => {
    const key = bitcoinKey('p2wpkh')
    const { text } = await signed(key)
    const other = await signed(bitcoinKey('p2wpkh'))
    const forged = await call('POST', 'verify', { message: text, signature: other.signature })
    expect([forged.statusCode, forged.json().message]).toEqual([401, 'Invalid signature'])

    const good = await signed(key, 'bip137')
    expect(
      (await call('POST', 'verify', { message: good.text, signature: good.signature })).statusCode,
    ).toBe(200)
    const replay = await call('POST', 'verify', { message: good.text, signature: good.signature })
    expect(replay.json().message).toMatch(/^Nonce already used/)

    const mainnet = await signed(key, 'bip322', { chainId: MAINNET })
    const unsupported = await call('POST', 'verify', {
      message: mainnet.text,
      signature: mainnet.signature,
    })
    expect([unsupported.statusCode, unsupported.json().message]).toEqual([
      400,
      `Chain ${MAINNET} is not a Bitcoin network this server supports`,
    ])

    // A mainnet address, on the regtest network the message names.
    const wrong = await signed(
      { ...key, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
      'bip322',
    )
    const refused = await call('POST', 'verify', {
      message: wrong.text,
      signature: wrong.signature,
    })
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      `This is a Bitcoin mainnet address: Bitcoin regtest addresses start with bcrt1, m, n or 2 (${BITCOIN})`,
    ])
  })

  it('answers a malformed message or signature with 400 and what is wrong', async () => {
    const { text, signature } = await signed(bitcoinKey('p2tr'))
    const missing = await call('POST', 'verify', {
      message: text.replace(/\nNonce: .*/, ''),
      signature,
    })
    expect([missing.statusCode, missing.json().message]).toEqual([
      400,
      'Invalid Sign In With Bitcoin message: nonce is missing',
    ])
    const hex = await call('POST', 'verify', { message: text, signature: `0x${'ab'.repeat(65)}` })
    expect([hex.statusCode, hex.json().message]).toEqual([
      400,
      'signature must be base64 (BIP-322 simple or BIP-137) for a Bitcoin account',
    ])
  })
})
