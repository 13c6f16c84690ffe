import { randomUUID } from 'node:crypto'
import {
  evmAddressProblem,
  formatReadableRegisterNameMessage,
  NATIVE_TOKEN_ADDRESS,
} from '@latch/protocol'
import { formatSiweMessage } from '@latch/protocol/siwx'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { MAX_JSON_DEPTH } from '../src/constants.ts'
import { JSON_TOO_DEEP_MESSAGE } from '../src/plugins/jsonBody.ts'
import { newDeviceId } from './embeddedFixtures.ts'
import { type Dialect, startTestServer, type TestServer } from './helpers.ts'

// The bad-input sweep: every route of the server's OpenAPI document (the API's and the frame
// origin's) gets malformed values in each of its inputs, and must answer each with a 4xx and a
// message, never a 5xx. A route added without a sample request below fails the sweep, so no route
// ships unswept.

const devnet = inject('devnet')
const chain = devnet.chains[0] as (typeof devnet.chains)[number]
const CHAIN = `eip155:${chain.chainId}`
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC_ADDRESS = chain.tokens.find((token) => token.symbol === 'USDC')?.address ?? ''
const USDC = `${CHAIN}:${USDC_ADDRESS}`
const NATIVE = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`
const ACCOUNT = `${CHAIN}:${ADDRESS}`
const PROJECT = { projectId: 'latch-dev' }
const BITCOIN_CHAIN = devnet.bitcoin?.caipNetworkId ?? ''
const BITCOIN_ADDRESS = devnet.bitcoin?.accounts[0]?.payment.address ?? ''
const BITCOIN_TXID = 'ab'.repeat(32)
const POLKADOT_CHAIN = devnet.polkadot?.caipNetworkId ?? ''
const POLKADOT_ADDRESS = devnet.polkadot?.accounts[0]?.address ?? ''
const POLKADOT_TO = devnet.polkadot?.accounts[1]?.address ?? ''
/** A payload of the shape a wallet's signPayload takes; the sweep breaks one field at a time. */
const POLKADOT_PAYLOAD = {
  address: POLKADOT_ADDRESS,
  blockHash: `0x${'11'.repeat(32)}`,
  blockNumber: '0x00000001',
  era: '0x1500',
  genesisHash: devnet.polkadot?.genesisHash ?? '',
  method: '0x0a0300',
  nonce: '0x00000000',
  specVersion: '0x00000384',
  tip: '0x00000000000000000000000000000000',
  transactionVersion: '0x00000006',
  signedExtensions: ['CheckNonce'],
  version: 4,
}
const SIGNED = {
  coin_type: 2147514985,
  address: ADDRESS,
  message: '{"name":"sweep.latch.id","timestamp":1}',
  signature: '0x00',
}

type Sample = {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: unknown
  headers?: Record<string, string>
}

/**
 * A well-formed request per route: each case breaks one input of it, so the answer says how the
 * route treats that input alone. Never sent as it is.
 */
/** A dashboard chart's request: asked without the owner's session, each is refused (401). */
const DASHBOARD_CHART: Sample = { params: { projectId: 'latch-dev' }, query: { days: '30' } }

const SAMPLES: Record<string, Sample> = {
  'GET /health': {},
  'GET /v1/supported-chains': { query: PROJECT },
  'GET /v1/account/{address}/balance': {
    params: { address: ADDRESS },
    query: { ...PROJECT, chainId: CHAIN, currency: 'usd', forceUpdate: 'false' },
  },
  'POST /v1/fungible/price': { body: { ...PROJECT, currency: 'usd', addresses: [USDC] } },
  'GET /v1/identity/{address}': {
    params: { address: ADDRESS },
    query: { ...PROJECT, sender: ADDRESS, chainId: CHAIN },
  },
  'GET /v1/convert/gas-price': { query: { ...PROJECT, chainId: CHAIN } },
  'POST /v1/profile/account': { query: PROJECT, body: SIGNED },
  'GET /v1/profile/account/{name}': {
    params: { name: 'sweep.latch.id' },
    query: { ...PROJECT, apiVersion: '2', sender: ADDRESS },
  },
  'GET /v1/profile/reverse/{address}': {
    params: { address: ADDRESS },
    query: { ...PROJECT, apiVersion: '2', sender: ADDRESS },
  },
  'GET /v1/sessions/{address}': {
    params: { address: ADDRESS },
    query: { ...PROJECT, chainId: CHAIN },
  },
  'POST /v1/sessions/{address}/revoke': {
    params: { address: ADDRESS },
    query: PROJECT,
    body: { pci: `0x${'ab'.repeat(32)}`, signature: `0x${'cd'.repeat(65)}` },
  },
  'GET /v1/profile/suggestions/{name}': {
    params: { name: 'sweep' },
    query: { ...PROJECT, zone: 'latch.id' },
  },
  'POST /v1/profile/account/{name}/attributes': {
    params: { name: 'sweep.latch.id' },
    query: PROJECT,
    body: SIGNED,
  },
  'POST /v1/profile/account/{name}/address': {
    params: { name: 'sweep.latch.id' },
    query: PROJECT,
    body: SIGNED,
  },
  'GET /v1/onramp/options': { query: PROJECT },
  'POST /v1/onramp/quote': {
    query: PROJECT,
    body: {
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'latch-devnet',
      paymentMethod: 'card',
      provider: 'sandbox',
    },
  },
  'POST /v1/generators/onrampurl': {
    query: PROJECT,
    body: {
      destinationWallets: [{ address: ADDRESS, blockchains: ['latch-devnet'], assets: ['USDC'] }],
      defaultNetwork: 'latch-devnet',
      partnerUserId: 'sweep',
      defaultExperience: 'buy',
      presetCryptoAmount: 1,
      presetFiatAmount: 50,
      provider: 'sandbox',
      quoteId: randomUUID(),
      paymentCurrency: 'USD',
    },
  },
  'GET /v1/onramp/orders/{orderId}': { params: { orderId: randomUUID() }, query: PROJECT },
  'POST /v1': {
    query: { ...PROJECT, chainId: CHAIN },
    body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
  },
  'POST /v1/': {
    query: { ...PROJECT, chainId: CHAIN },
    body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
  },
  'POST /v1/bundler': {
    query: { ...PROJECT, chainId: CHAIN },
    body: { jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] },
  },
  // ERC-7677's params are answered in-band like any JSON-RPC call's (paymaster-route.test.ts).
  'POST /v1/paymaster': {
    query: { ...PROJECT, chainId: CHAIN },
    body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
  },
  'POST /v1/polkadot/transfer': {
    query: PROJECT,
    body: {
      chainId: POLKADOT_CHAIN,
      from: POLKADOT_ADDRESS,
      to: POLKADOT_TO,
      amount: '1000000000000',
    },
  },
  'POST /v1/polkadot/submit': {
    query: PROJECT,
    body: {
      chainId: POLKADOT_CHAIN,
      payload: POLKADOT_PAYLOAD,
      signature: `0x01${'ab'.repeat(64)}`,
    },
  },
  'GET /v1/polkadot/status/{hash}': {
    params: { hash: `0x${'cd'.repeat(32)}` },
    query: { ...PROJECT, chainId: POLKADOT_CHAIN },
  },
  'GET /v1/esplora/{*}': {
    params: { '*': `address/${BITCOIN_ADDRESS}/txs/chain/${BITCOIN_TXID}` },
    query: { ...PROJECT, chainId: BITCOIN_CHAIN },
  },
  'POST /v1/esplora/tx': {
    query: { ...PROJECT, chainId: BITCOIN_CHAIN },
    body: `02000000000101${BITCOIN_TXID}`,
  },
  'GET /appkit/v1/project-limits': { query: PROJECT },
  'GET /getAnalyticsConfig': { query: PROJECT },
  'POST /dashboard/api/login': { body: { token: 'not-the-admin-token-0000' } },
  'POST /dashboard/api/logout': {},
  'GET /dashboard/api/session': {},
  'GET /dashboard/api/projects': {},
  'GET /dashboard/api/projects/{projectId}/connects': DASHBOARD_CHART,
  'GET /dashboard/api/projects/{projectId}/funnel': DASHBOARD_CHART,
  'GET /dashboard/api/projects/{projectId}/methods': DASHBOARD_CHART,
  'GET /dashboard/api/projects/{projectId}/wallets': DASHBOARD_CHART,
  'GET /dashboard/api/projects/{projectId}/chains': DASHBOARD_CHART,
  'GET /dashboard/api/projects/{projectId}/errors': DASHBOARD_CHART,
  'GET /dashboard/api/projects/{projectId}/signins': DASHBOARD_CHART,
  'GET /dashboard/api/projects/{projectId}/onramp': DASHBOARD_CHART,
  'POST /batch': {
    query: PROJECT,
    body: [
      {
        eventId: 'e1',
        url: 'http://127.0.0.1:5173/',
        domain: '127.0.0.1',
        timestamp: 1_764_000_000_000,
        props: { type: 'track', event: 'MODAL_OPEN' },
      },
    ],
  },
  'POST /e': {
    query: PROJECT,
    body: {
      eventId: 'e2',
      url: 'http://127.0.0.1:5173/?q=1',
      domain: '127.0.0.1',
      timestamp: 1_764_000_000_000,
      props: { type: 'error', event: 'KIT_ERROR' },
    },
  },
  'GET /projects/v1/origins': { query: PROJECT },
  'GET /appkit/v1/config': { query: PROJECT },
  'GET /getWallets': {
    query: {
      ...PROJECT,
      page: '1',
      entries: '4',
      include: 'a,b',
      exclude: 'c',
      chains: CHAIN,
      search: 'meta',
      badge_type: 'certified',
    },
  },
  'GET /getWalletImage/{id}': { params: { id: 'abc' }, query: PROJECT },
  'GET /public/getAssetImage/{id}': { params: { id: CHAIN }, query: PROJECT },
  'GET /public/getCurrencyImage/{id}': { params: { id: 'USD' }, query: PROJECT },
  'GET /public/getTokenImage/{id}': { params: { id: 'USDC' }, query: PROJECT },
  'GET /v1/account/{address}/history': {
    params: { address: ADDRESS },
    query: { ...PROJECT, chainId: CHAIN, onramp: 'sandbox', cursor: 'abc' },
  },
  'GET /v1/account/{address}/nfts': {
    params: { address: ADDRESS },
    query: { ...PROJECT, chainId: CHAIN, cursor: 'abc' },
  },
  'GET /v1/nft/image/{chainId}/{contract}/{tokenId}': {
    params: { chainId: CHAIN, contract: USDC_ADDRESS, tokenId: '1' },
    query: PROJECT,
  },
  'GET /v1/convert/tokens': { query: { ...PROJECT, chainId: CHAIN } },
  'GET /v1/convert/quotes': {
    query: {
      ...PROJECT,
      amount: '1000',
      userAddress: ACCOUNT,
      from: NATIVE,
      to: USDC,
      gasPrice: '1',
    },
  },
  'GET /v1/convert/allowance': {
    query: { ...PROJECT, tokenAddress: USDC, userAddress: ACCOUNT },
  },
  'GET /v1/convert/build-approve': {
    query: { ...PROJECT, userAddress: ACCOUNT, from: USDC, to: NATIVE, amount: '1000' },
  },
  'POST /v1/convert/build-transaction': {
    query: PROJECT,
    body: {
      ...PROJECT,
      amount: '1000',
      eip155: { slippage: 1 },
      from: NATIVE,
      to: USDC,
      userAddress: ACCOUNT,
      disableEstimate: true,
    },
  },
  'GET /auth/v1/siwx/nonce': { query: PROJECT },
  'POST /auth/v1/siwx/verify': {
    query: PROJECT,
    body: { ...PROJECT, message: 'example.com wants you to sign in\nline', signature: '0x00' },
  },
  'GET /auth/v1/siwx/session': { query: PROJECT, headers: { authorization: 'Bearer abc' } },
  'POST /auth/v1/siwx/signout': { query: PROJECT, headers: { authorization: 'Bearer abc' } },
  'GET /onramp/sandbox/checkout/{orderId}': { params: { orderId: randomUUID() } },
  'POST /onramp/sandbox/checkout/{orderId}/pay': {
    params: { orderId: randomUUID() },
    body: { method: 'card', idempotencyKey: 'k', cardNumber: '4242424242424242' },
  },
  'GET /frame': { query: PROJECT },
  'POST /wallet/v1/email/start': {
    body: { email: 'sweep@example.test', deviceId: newDeviceId(), ...PROJECT },
  },
  'POST /wallet/v1/email/device': {
    body: { email: 'sweep@example.test', deviceId: newDeviceId() },
  },
  'GET /wallet/v1/device/approve': { query: { token: 'a'.repeat(32) } },
  'POST /wallet/v1/email/verify': {
    body: { email: 'sweep@example.test', otp: '123456', deviceId: newDeviceId() },
  },
  'POST /wallet/v1/social/start': {
    body: { provider: 'dev', deviceId: newDeviceId(), ...PROJECT },
  },
  'GET /wallet/v1/social/callback': { query: { code: 'abc', state: 'def', error: 'x' } },
  'POST /wallet/v1/social/callback': { body: { code: 'abc', state: 'def', error: 'x' } },
  'POST /wallet/v1/social/finish': { body: { flowId: 'abc', flowSecret: 'def' } },
  'POST /wallet/v1/social/cancel': { body: { flowId: 'abc', flowSecret: 'def' } },
  'POST /wallet/v1/farcaster/start': { body: { deviceId: newDeviceId(), ...PROJECT } },
  'POST /wallet/v1/farcaster/finish': { body: { flowId: 'abc', flowSecret: 'def' } },
  'POST /wallet/v1/farcaster/cancel': { body: { flowId: 'abc', flowSecret: 'def' } },
  'POST /wallet/v1/session/user': {
    body: { chainId: chain.chainId },
    headers: { authorization: 'Bearer abc' },
  },
  'POST /wallet/v1/session/signout': { headers: { authorization: 'Bearer abc' } },
  'POST /wallet/v1/rpc': {
    body: { method: 'personal_sign', params: ['0x00', ADDRESS], chainId: chain.chainId },
    headers: { authorization: 'Bearer abc' },
  },
  'POST /wallet/v1/rpc/cost': {
    body: {
      method: 'eth_sendTransaction',
      params: [{ to: ADDRESS, value: '0x1' }],
      chainId: chain.chainId,
    },
    headers: { authorization: 'Bearer abc' },
  },
  'POST /wallet/v1/evm/network': {
    body: { chainId: chain.chainId },
    headers: { authorization: 'Bearer abc' },
  },
  'POST /wallet/v1/solana/network': {
    body: { caipNetworkId: devnet.solana?.caipNetworkId },
    headers: { authorization: 'Bearer abc' },
  },
  'POST /wallet/v1/email/update': {
    body: { email: 'sweep@example.test' },
    headers: { authorization: 'Bearer abc' },
  },
  'POST /wallet/v1/email/update/primary': {
    body: { otp: '123456' },
    headers: { authorization: 'Bearer abc' },
  },
  'POST /wallet/v1/email/update/secondary': {
    body: { otp: '123456' },
    headers: { authorization: 'Bearer abc' },
  },
}

/**
 * The same routes with their addresses in the other form (plain 0x where the sample has CAIP-10,
 * CAIP-10 where it has plain, a plain address whose chain comes from chainId): swept as well, so a
 * bad value next to either form is a 4xx.
 */
const OTHER_ADDRESS_FORMS: Record<string, Sample[]> = {
  'GET /v1/account/{address}/balance': [
    { params: { address: ACCOUNT }, query: { ...PROJECT, chainId: CHAIN } },
    // A Bitcoin address on its network, plain and as CAIP-10.
    { params: { address: BITCOIN_ADDRESS }, query: { ...PROJECT, chainId: BITCOIN_CHAIN } },
    {
      params: { address: `${BITCOIN_CHAIN}:${BITCOIN_ADDRESS}` },
      query: { ...PROJECT, chainId: BITCOIN_CHAIN },
    },
    // A Polkadot (SS58) address on its chain, plain and as CAIP-10.
    { params: { address: POLKADOT_ADDRESS }, query: { ...PROJECT, chainId: POLKADOT_CHAIN } },
    {
      params: { address: `${POLKADOT_CHAIN}:${POLKADOT_ADDRESS}` },
      query: { ...PROJECT, chainId: POLKADOT_CHAIN },
    },
  ],
  'GET /v1/account/{address}/history': [
    { params: { address: ACCOUNT }, query: { ...PROJECT, chainId: CHAIN } },
    {
      params: { address: BITCOIN_ADDRESS },
      query: { ...PROJECT, chainId: BITCOIN_CHAIN, cursor: 'abc' },
    },
    {
      params: { address: POLKADOT_ADDRESS },
      query: { ...PROJECT, chainId: POLKADOT_CHAIN, cursor: 'abc' },
    },
  ],
  'GET /v1/identity/{address}': [
    { params: { address: ACCOUNT }, query: { ...PROJECT, sender: ACCOUNT, chainId: CHAIN } },
    {
      params: { address: BITCOIN_ADDRESS },
      query: { ...PROJECT, sender: BITCOIN_ADDRESS, chainId: BITCOIN_CHAIN },
    },
    {
      params: { address: POLKADOT_ADDRESS },
      query: { ...PROJECT, sender: POLKADOT_ADDRESS, chainId: POLKADOT_CHAIN },
    },
  ],
  'GET /v1/convert/gas-price': [{ query: { ...PROJECT, chainId: BITCOIN_CHAIN } }],
  'POST /auth/v1/siwx/verify': [
    {
      query: PROJECT,
      body: {
        ...PROJECT,
        message: formatSiweMessage({
          domain: '127.0.0.1',
          address: ADDRESS,
          uri: 'http://127.0.0.1:5173/',
          version: '1',
          chainId: chain.chainId,
          nonce: 'sweepsweep12345678',
          issuedAt: '2026-01-02T03:04:05Z',
        }),
        signature: `0x${'ab'.repeat(65)}`,
      },
    },
    {
      query: PROJECT,
      body: {
        ...PROJECT,
        message: `127.0.0.1 wants you to sign in with your Bitcoin account:\n${BITCOIN_ADDRESS}`,
        signature: 'A'.repeat(88),
      },
    },
    {
      query: PROJECT,
      body: {
        ...PROJECT,
        message: `127.0.0.1 wants you to sign in with your Polkadot account:\n${POLKADOT_ADDRESS}`,
        signature: `0x${'ab'.repeat(64)}`,
      },
    },
  ],
  'GET /v1/profile/reverse/{address}': [
    { params: { address: ACCOUNT }, query: { ...PROJECT, apiVersion: '2', sender: ACCOUNT } },
  ],
  'GET /v1/convert/quotes': [
    { query: { ...PROJECT, amount: '1000', userAddress: ADDRESS, from: NATIVE, to: USDC } },
  ],
  'GET /v1/convert/allowance': [
    { query: { ...PROJECT, tokenAddress: USDC_ADDRESS, userAddress: ADDRESS, chainId: CHAIN } },
  ],
  'GET /v1/convert/build-approve': [
    { query: { ...PROJECT, userAddress: ADDRESS, from: USDC, to: NATIVE } },
  ],
  'POST /v1/convert/build-transaction': [
    {
      query: PROJECT,
      body: {
        ...PROJECT,
        amount: '1000',
        eip155: { slippage: 1 },
        from: NATIVE_TOKEN_ADDRESS,
        to: USDC_ADDRESS,
        userAddress: ADDRESS,
        chainId: CHAIN,
        disableEstimate: true,
      },
    },
  ],
  'POST /v1/profile/account': [
    { query: PROJECT, body: { ...SIGNED, coin_type: 60, address: ACCOUNT } },
    // The readable registration, which names the address too.
    {
      query: PROJECT,
      body: {
        ...SIGNED,
        message: formatReadableRegisterNameMessage({
          name: 'sweep.latch.id',
          address: ADDRESS,
          timestamp: 1,
        }),
      },
    },
  ],
  // The address a name is to point to, in the signed message.
  'POST /v1/profile/account/{name}/address': [
    {
      params: { name: 'sweep.latch.id' },
      query: PROJECT,
      body: {
        ...SIGNED,
        message: JSON.stringify({
          name: 'sweep.latch.id',
          coin_type: 60,
          address: ADDRESS,
          timestamp: 1,
        }),
      },
    },
  ],
  'POST /v1/generators/onrampurl': [
    {
      query: PROJECT,
      body: {
        ...(SAMPLES['POST /v1/generators/onrampurl']?.body as object),
        destinationWallets: [{ address: ACCOUNT, blockchains: ['latch-devnet'], assets: ['USDC'] }],
      },
    },
  ],
}

/** Pages a person opens (a mailed link, a provider's redirect, a checkout): a 4xx is HTML there. */
const HTML_PAGES = new Set([
  'GET /wallet/v1/device/approve',
  'GET /wallet/v1/social/callback',
  'POST /wallet/v1/social/callback',
  'GET /onramp/sandbox/checkout/{orderId}',
  'POST /onramp/sandbox/checkout/{orderId}/pay',
])

/**
 * Inputs that are the caller's own and passed on untouched, so any text is an answer, not an
 * error: a JSON-RPC call's id comes back as it was sent (JSON-RPC 2.0), in an HTTP 200.
 */
const PASSED_THROUGH = new Set([
  'POST /v1 body.id',
  'POST /v1/ body.id',
  'POST /v1/bundler body.id',
  'POST /v1/paymaster body.id',
])

/**
 * Routes that read a text/plain body as JSON: browsers send beacons (navigator.sendBeacon) with a
 * string body, which goes out as text/plain.
 */
const TEXT_BODIES = new Set(['POST /batch', 'POST /e'])

/**
 * Routes that read their params only for a signed-in embedded wallet: the sweep's made-up session
 * is refused first (401), so their mistyped-address cases are in embedded-rpc.test.ts.
 */
const SESSION_BEFORE_PARAMS = new Set(['POST /wallet/v1/rpc', 'POST /wallet/v1/rpc/cost'])

/** An EVM address inside a text: 0x and 40 hex digits, no more. */
const EVM_ADDRESS_IN_TEXT = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/

/**
 * `value` with its EVM address mistyped, one slip of Shift (its first small letter a capital), so
 * its mixed case is not its EIP-55 checksum, as the rule itself confirms; undefined when it holds
 * no address such a slip breaks.
 */
function mistyped(value: string): string | undefined {
  const address = EVM_ADDRESS_IN_TEXT.exec(value)?.[0]
  if (!address) return undefined
  const typo = address.replace(/[a-f]/, (letter) => letter.toUpperCase())
  return evmAddressProblem(typo) === 'checksum' ? value.replace(address, typo) : undefined
}

/** A JSON body with one of its EVM addresses mistyped, for each one it holds, and where it is. */
function mistypedBodies(sample: unknown, path: string[]): { where: string[]; value: unknown }[] {
  if (typeof sample === 'string') {
    const typo = mistyped(sample)
    return typo === undefined ? [] : [{ where: path, value: typo }]
  }
  if (Array.isArray(sample))
    return sample.flatMap((item, index) =>
      mistypedBodies(item, [...path, String(index)]).map(({ where, value }) => ({
        where,
        value: sample.map((other, at) => (at === index ? value : other)),
      })),
    )
  if (sample === null || typeof sample !== 'object') return []
  return Object.entries(sample).flatMap(([key, field]) =>
    mistypedBodies(field, [...path, key]).map(({ where, value }) => ({
      where,
      value: { ...sample, [key]: value },
    })),
  )
}

const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085']

type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  properties?: Record<string, JsonSchema>
  additionalProperties?: JsonSchema | boolean
  items?: JsonSchema
  anyOf?: JsonSchema[]
  required?: string[]
}
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}
type Document = {
  paths: Record<string, Record<string, Operation> & { servers?: { url: string }[] }>
}

/** One request of the sweep and what it must get. */
type Case = {
  route: string
  what: string
  /** A control character in a text input: refused by the shared refinement, so 400 and its message. */
  controlCharacter: boolean
  /** The input holding a mistyped EVM address: a 400 whose message names it and the checksum. */
  mistypedAddress?: string
  /**
   * A 2xx is right too: an input the route passes on untouched (PASSED_THROUGH), or a well-formed
   * value that names nothing (a path with slashes looked up as a name is simply not found).
   */
  mayAnswer: boolean
  method: string
  url: string
  body?: string
  contentType?: string
  headers: Record<string, string>
  frame: boolean
}

const typesOf = (schema: JsonSchema | undefined): string[] => {
  if (!schema) return []
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf)
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
}

const objectSchemaOf = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.anyOf ? schema.anyOf.find((option) => typesOf(option).includes('object')) : schema

/**
 * A free text input, which the shared refinement guards: its control-character cases must be
 * refused with that refinement's message. A fixed set of values (an enum) is refused as such.
 */
const isFreeText = (schema: JsonSchema | undefined): boolean =>
  typesOf(schema).includes('string') && !(schema?.anyOf ?? [schema]).some((option) => option?.enum)

/** Values of another type than the schema's, for a wrong-type case. */
function wrongTypes(schema: JsonSchema | undefined): unknown[] {
  const types = typesOf(schema)
  const all: [string, unknown][] = [
    ['string', 'not-a-number'],
    ['number', 42],
    ['integer', 42],
    ['boolean', true],
    ['object', { nested: 'x' }],
    ['array', ['x']],
  ]
  return all.filter(([type]) => !types.includes(type)).map(([, value]) => value)
}

/** Every way to break one field of a JSON body, walking the schema and the sample together. */
function bodyVariants(
  schema: JsonSchema | undefined,
  sample: unknown,
  path: string[],
): { where: string; value: unknown; controlCharacter: boolean }[] {
  const variants: { where: string; value: unknown; controlCharacter: boolean }[] = []
  const at = path.length === 0 ? 'body' : `body.${path.join('.')}`
  const put = (value: unknown, controlCharacter = false) =>
    variants.push({ where: at, value, controlCharacter })
  const types = typesOf(schema)
  if (types.includes('string')) {
    const base = typeof sample === 'string' ? sample : 'x'
    const free = isFreeText(schema)
    put('\u0000', free)
    put(`${base.slice(0, 1)}\u0000${base.slice(1)}`, free)
    for (const control of CONTROL_CHARACTERS.slice(1)) put(`${base}${control}`, free)
    put('x'.repeat(100_000))
  }
  for (const value of wrongTypes(schema)) put(value)
  const object = objectSchemaOf(schema)
  if (object?.properties || (object && typeof object.additionalProperties === 'object')) {
    const fields = { ...(sample as Record<string, unknown>) }
    const keys = new Set([...Object.keys(object.properties ?? {}), ...Object.keys(fields)])
    for (const key of keys) {
      const fieldSchema =
        object.properties?.[key] ??
        (typeof object.additionalProperties === 'object' ? object.additionalProperties : undefined)
      for (const inner of bodyVariants(fieldSchema, fields[key], [...path, key]))
        variants.push({ ...inner, value: { ...fields, [key]: inner.value } })
    }
    for (const key of object.required ?? []) {
      const { [key]: _dropped, ...rest } = fields
      variants.push({ where: `${at}.${key} missing`, value: rest, controlCharacter: false })
    }
  }
  if (types.includes('array') && Array.isArray(sample) && sample.length > 0) {
    const items = schema?.anyOf?.find((option) => option.items)?.items ?? schema?.items
    for (const inner of bodyVariants(items, sample[0], [...path, '0']))
      variants.push({ ...inner, value: [inner.value, ...sample.slice(1)] })
  }
  return variants
}

function buildUrl(path: string, params: Record<string, string>, query: [string, string][]) {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '')
  const search = query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')
  return search ? `${filled}?${search}` : filled
}

/** Every case of one route. */
function casesOf(
  route: string,
  path: string,
  method: string,
  operation: Operation,
  sample: Sample,
  frame: { url: string } | undefined,
): Case[] {
  const headers = { ...(frame ? { origin: frame.url } : {}), ...sample.headers }
  const params = sample.params ?? {}
  const query = Object.entries(sample.query ?? {})
  const bodyText = sample.body === undefined ? undefined : JSON.stringify(sample.body)
  const cases: Case[] = []
  const add = (
    what: string,
    parts: { url?: string; body?: string; contentType?: string },
    flags: { controlCharacter?: boolean; mayAnswer?: boolean; mistypedAddress?: string } = {},
  ) =>
    cases.push({
      route,
      what,
      controlCharacter: flags.controlCharacter ?? false,
      ...(flags.mistypedAddress !== undefined && { mistypedAddress: flags.mistypedAddress }),
      mayAnswer: flags.mayAnswer ?? false,
      method,
      url: parts.url ?? buildUrl(path, params, query),
      ...('body' in parts ? { body: parts.body } : bodyText !== undefined && { body: bodyText }),
      contentType: parts.contentType ?? 'application/json',
      headers,
      frame: frame !== undefined,
    })

  for (const parameter of operation.parameters ?? []) {
    const { name } = parameter
    if (parameter.in === 'path') {
      const base = params[name] ?? 'x'
      const withParam = (value: string) => buildUrl(path, { ...params, [name]: value }, query)
      const control = { controlCharacter: true }
      add(`path ${name} NUL`, { url: withParam('%00') }, control)
      add(`path ${name} NUL inside`, { url: withParam(`${base}%00x`) }, control)
      for (const character of CONTROL_CHARACTERS.slice(1))
        add(
          `path ${name} U+${character.charCodeAt(0).toString(16)}`,
          { url: withParam(`${base}${encodeURIComponent(character)}`) },
          control,
        )
      add(`path ${name} bad percent-encoding`, { url: withParam('%ff%fe') })
      add(`path ${name} traversal`, { url: withParam('..%2F..%2F.data') }, { mayAnswer: true })
      add(`path ${name} huge`, { url: withParam('a'.repeat(5_000)) })
      add(`path ${name} empty`, { url: withParam('') })
    }
    if (parameter.in === 'query') {
      const others = query.filter(([other]) => other !== name)
      const base = sample.query?.[name] ?? 'x'
      const withValue = (value: string) => buildUrl(path, params, [...others, [name, value]])
      const control = { controlCharacter: isFreeText(parameter.schema) }
      add(`query ${name} NUL`, { url: withValue('\u0000') }, control)
      add(`query ${name} NUL inside`, { url: withValue(`${base}\u0000x`) }, control)
      for (const character of CONTROL_CHARACTERS.slice(1))
        add(
          `query ${name} U+${character.charCodeAt(0).toString(16)}`,
          { url: withValue(`${base}${character}`) },
          control,
        )
      add(`query ${name} huge`, { url: withValue('a'.repeat(10_000)) })
      add(`query ${name} given twice`, {
        url: buildUrl(path, params, [...others, [name, base], [name, base]]),
      })
      add(`query ${name} bad percent-encoding`, {
        url: `${buildUrl(path, params, others)}${others.length ? '&' : '?'}${name}=%ff%fe`,
      })
      if (parameter.required)
        add(`query ${name} missing`, { url: withValue('').replace(/[?&][^?&]*=$/, '') })
    }
  }
  const schema = operation.requestBody?.content?.['application/json']?.schema
  if (schema && sample.body !== undefined) {
    for (const variant of bodyVariants(schema, sample.body, [])) {
      const passedThrough = PASSED_THROUGH.has(`${route} ${variant.where}`)
      add(
        `${variant.where}${variant.controlCharacter ? ' control character' : ''}`,
        { body: JSON.stringify(variant.value) },
        { controlCharacter: variant.controlCharacter && !passedThrough, mayAnswer: passedThrough },
      )
    }
    add('body not JSON', { body: '{"unterminated' })
    add('body empty', { body: '' })
    add(
      'body as text/plain',
      { body: bodyText ?? '{}', contentType: 'text/plain' },
      { mayAnswer: TEXT_BODIES.has(route) },
    )
    add('body with NUL bytes', { body: `${(bodyText ?? '{}').slice(0, -1)},"x\u0000":"\u0000"}` })
  }
  if (SESSION_BEFORE_PARAMS.has(route)) return cases
  for (const [name, value] of Object.entries(params)) {
    const typo = mistyped(value)
    if (typo === undefined) continue
    const url = buildUrl(path, { ...params, [name]: typo }, query)
    add(`path ${name} mistyped EVM address`, { url }, { mistypedAddress: name })
  }
  for (const [name, value] of query) {
    const typo = mistyped(value)
    if (typo === undefined) continue
    const url = buildUrl(path, params, [...query.filter(([other]) => other !== name), [name, typo]])
    add(`query ${name} mistyped EVM address`, { url }, { mistypedAddress: name })
  }
  for (const { where, value } of mistypedBodies(sample.body, []))
    add(
      `body.${where.join('.')} mistyped EVM address`,
      { body: JSON.stringify(value) },
      { mistypedAddress: where.at(-1) ?? 'body' },
    )
  return cases
}

type Outcome = { status: number; contentType: string; body: string }

async function send(server: TestServer, testCase: Case): Promise<Outcome> {
  const app: FastifyInstance = testCase.frame ? server.frame : server.app
  const response = await app.inject({
    method: testCase.method as 'GET' | 'POST',
    url: testCase.url,
    headers: {
      ...testCase.headers,
      ...(testCase.body !== undefined && { 'content-type': testCase.contentType ?? '' }),
    },
    ...(testCase.body !== undefined && { payload: testCase.body }),
  })
  return {
    status: response.statusCode,
    contentType: String(response.headers['content-type'] ?? ''),
    body: response.body,
  }
}

/** What is wrong with an answer to a bad input, or undefined when it is right. */
function fault(testCase: Case, outcome: Outcome): string | undefined {
  if (outcome.status >= 500) return `${outcome.status}`
  if (testCase.mayAnswer && outcome.status < 300) return undefined
  if (outcome.status < 400) return `${outcome.status}: a bad input was taken`
  if (HTML_PAGES.has(testCase.route) && outcome.contentType.startsWith('text/html'))
    return undefined
  let body: { statusCode?: unknown; error?: unknown; message?: unknown }
  try {
    body = JSON.parse(outcome.body)
  } catch {
    return `${outcome.status} without a JSON body: ${outcome.body.slice(0, 80)}`
  }
  if (typeof body.message !== 'string' || body.message === '') return 'no message'
  if (body.statusCode !== outcome.status)
    return `statusCode ${body.statusCode} in a ${outcome.status}`
  if (testCase.controlCharacter) {
    if (outcome.status !== 400) return `${outcome.status} for a control character, not 400`
    if (!/control character/i.test(body.message))
      return `400 without the control-character message: ${body.message.slice(0, 120)}`
  }
  if (testCase.mistypedAddress !== undefined) {
    if (outcome.status !== 400) return `${outcome.status} for a mistyped EVM address, not 400`
    if (!/EIP-55 checksum/.test(body.message) || !body.message.includes(testCase.mistypedAddress))
      return `400 not naming ${testCase.mistypedAddress} and its checksum: ${body.message.slice(0, 160)}`
  }
  return undefined
}

describe.each<[Dialect, Record<string, string>]>([
  ['pglite', {}],
  ['postgres', { REDIS_URL: inject('redisUrl') }],
])('bad input to every route on %s', (dialect, env) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect, { LOG_LEVEL: 'error', ...env })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('answers every malformed value with a 4xx and a message, never a 5xx', async () => {
    const document = (
      await server.app.inject({ method: 'GET', url: '/docs/json' })
    ).json() as Document
    const routes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({
          route: `${method.toUpperCase()} ${path}`,
          path,
          method: method.toUpperCase(),
          operation: operation as Operation,
          frame: item.servers?.[0],
        })),
    )
    const unsampled = routes.filter(({ route }) => !SAMPLES[route]).map(({ route }) => route)
    expect(unsampled, 'routes without a sample request in bad-input.test.ts').toEqual([])
    expect(routes.length).toBeGreaterThanOrEqual(50)

    const cases = routes.flatMap(({ route, path, method, operation, frame }) =>
      [SAMPLES[route] as Sample, ...(OTHER_ADDRESS_FORMS[route] ?? [])].flatMap((sample) =>
        casesOf(route, path, method, operation, sample, frame),
      ),
    )
    const statuses = new Map<number, number>()
    const faults: string[] = []
    const answered: string[] = []
    let controlCharacterCases = 0
    const mistypedRoutes = new Set<string>()
    for (const testCase of cases) {
      const outcome = await send(server, testCase)
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1)
      if (testCase.controlCharacter) controlCharacterCases++
      if (testCase.mistypedAddress !== undefined) mistypedRoutes.add(testCase.route)
      const wrong = fault(testCase, outcome)
      if (wrong) faults.push(`${testCase.route} ${testCase.what}: ${wrong}`)
      else if (outcome.status < 300) answered.push(`${testCase.route} ${testCase.what}`)
    }
    const counts = [...statuses.entries()].sort(([a], [b]) => a - b)
    console.info(
      `bad-input sweep on ${dialect}: ${routes.length} routes, ${cases.length} cases ` +
        `(${controlCharacterCases} with a control character); statuses ` +
        counts.map(([status, count]) => `${status} x${count}`).join(', ') +
        `; answered as allowed: ${answered.join('; ')}`,
    )
    expect(faults).toEqual([])
    // Each route that takes an EVM address had one mistyped (the wallet's RPC is swept in
    // embedded-rpc.test.ts, the paymaster's in-band answers in paymaster-route.test.ts).
    expect([...mistypedRoutes].sort()).toEqual([
      'GET /v1/account/{address}/balance',
      'GET /v1/account/{address}/history',
      'GET /v1/account/{address}/nfts',
      'GET /v1/convert/allowance',
      'GET /v1/convert/build-approve',
      'GET /v1/convert/quotes',
      'GET /v1/identity/{address}',
      'GET /v1/nft/image/{chainId}/{contract}/{tokenId}',
      'GET /v1/profile/account/{name}',
      'GET /v1/profile/reverse/{address}',
      'GET /v1/sessions/{address}',
      'POST /auth/v1/siwx/verify',
      'POST /v1/convert/build-transaction',
      'POST /v1/fungible/price',
      'POST /v1/generators/onrampurl',
      'POST /v1/profile/account',
      'POST /v1/profile/account/{name}/address',
      'POST /v1/profile/account/{name}/attributes',
      'POST /v1/sessions/{address}/revoke',
    ])
  })
})

// Lone surrogates and deep nesting: every string input gets half a surrogate pair, and every
// route with a body gets JSON nested past MAX_JSON_DEPTH, each answered with a 4xx and a message;
// JSON nested exactly to the limit is never a 5xx (nor refused for its depth).

/** A lone surrogate as a URL can carry one: its WTF-8 bytes, which are no UTF-8. */
const URL_LONE_SURROGATE = '%ED%A0%80'

/** Arrays nested `depth` levels: `[[...]]`. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** A body's JSON text with the value at `where` (a placeholder string) replaced by raw JSON. */
const PLACEHOLDER = '__nested_json_placeholder__'
const withRawJson = (body: unknown, raw: string) =>
  JSON.stringify(body).replace(JSON.stringify(PLACEHOLDER), raw)

/** Each string of a body (walking the schema and the sample together) with a lone surrogate. */
function loneSurrogateVariants(
  schema: JsonSchema | undefined,
  sample: unknown,
  path: string[],
): { where: string; value: unknown; freeText: boolean }[] {
  const at = path.length === 0 ? 'body' : `body.${path.join('.')}`
  const variants: { where: string; value: unknown; freeText: boolean }[] = []
  if (typesOf(schema).includes('string')) {
    const base = typeof sample === 'string' ? sample : 'x'
    const freeText = isFreeText(schema)
    variants.push({ where: `${at} high surrogate`, value: `${base}\ud800`, freeText })
    variants.push({ where: `${at} low surrogate`, value: `\udc00${base}`, freeText })
  }
  const object = objectSchemaOf(schema)
  if (object && sample && typeof sample === 'object' && !Array.isArray(sample)) {
    const fields = sample as Record<string, unknown>
    const keys = new Set([...Object.keys(object.properties ?? {}), ...Object.keys(fields)])
    for (const key of keys) {
      const fieldSchema =
        object.properties?.[key] ??
        (typeof object.additionalProperties === 'object' ? object.additionalProperties : undefined)
      for (const inner of loneSurrogateVariants(fieldSchema, fields[key], [...path, key]))
        variants.push({ ...inner, value: { ...fields, [key]: inner.value } })
    }
    // Fields an object keeps beyond its own (an event's props): their text is checked too.
    if (typeof object.additionalProperties === 'object') {
      variants.push({
        where: `${at} extra field`,
        value: { ...fields, x: 'a\ud800' },
        freeText: true,
      })
      variants.push({
        where: `${at} extra key`,
        value: { ...fields, '\udc00': 'x' },
        freeText: false,
      })
    }
  }
  if (Array.isArray(sample) && sample.length > 0) {
    const items = schema?.anyOf?.find((option) => option.items)?.items ?? schema?.items
    for (const inner of loneSurrogateVariants(items, sample[0], [...path, '0']))
      variants.push({ ...inner, value: [inner.value, ...sample.slice(1)] })
  }
  return variants
}

/**
 * The sample with a placeholder added to each of its objects and arrays, at any depth, and how
 * deep that object or array stands (the body itself: 1).
 */
function nestingPlaces(
  sample: unknown,
  at: string[] = [],
): { where: string; value: unknown; level: number }[] {
  const level = at.length + 1
  const where = at.length === 0 ? 'body' : `body.${at.join('.')}`
  const places: { where: string; value: unknown; level: number }[] = []
  if (Array.isArray(sample)) {
    places.push({ where: `${where} new element`, value: [...sample, PLACEHOLDER], level })
    sample.forEach((item, index) => {
      for (const inner of nestingPlaces(item, [...at, String(index)])) {
        const copy = [...sample]
        copy[index] = inner.value
        places.push({ ...inner, value: copy })
      }
    })
  } else if (sample && typeof sample === 'object') {
    places.push({ where: `${where} new field`, value: { ...sample, nested: PLACEHOLDER }, level })
    for (const [key, value] of Object.entries(sample))
      for (const inner of nestingPlaces(value, [...at, key]))
        places.push({ ...inner, value: { ...sample, [key]: inner.value } })
  }
  return places
}

/** One request of the lone-surrogate and nesting sweep, and the answer it must get. */
type TextAndDepthCase = Case & {
  /**
   * `surrogate`: free text, refused by the shared refinement (400, its message); `tooDeep`: 400
   * with the depth limit's message; `withinLimit`: no 5xx, nor a refusal for its depth; `refused`:
   * a 4xx with a message.
   */
  expects: 'surrogate' | 'tooDeep' | 'withinLimit' | 'refused'
}

/** The lone-surrogate and nesting cases of one route. */
function textAndDepthCasesOf(
  route: string,
  path: string,
  method: string,
  operation: Operation,
  sample: Sample,
  frame: { url: string } | undefined,
): TextAndDepthCase[] {
  const headers = { ...(frame ? { origin: frame.url } : {}), ...sample.headers }
  const params = sample.params ?? {}
  const query = Object.entries(sample.query ?? {})
  const sampleBody = sample.body === undefined ? undefined : JSON.stringify(sample.body)
  const cases: TextAndDepthCase[] = []
  const add = (
    what: string,
    expects: TextAndDepthCase['expects'],
    parts: { url?: string; body?: string; contentType?: string },
    mayAnswer = false,
  ) => {
    const body = parts.body ?? sampleBody
    cases.push({
      route,
      what,
      expects,
      controlCharacter: false,
      mayAnswer,
      method,
      url: parts.url ?? buildUrl(path, params, query),
      ...(body !== undefined && { body }),
      contentType: parts.contentType ?? 'application/json',
      headers,
      frame: frame !== undefined,
    })
  }
  for (const { in: where, name } of operation.parameters ?? []) {
    if (where === 'path')
      add(`path ${name} lone surrogate`, 'refused', {
        url: buildUrl(
          path,
          { ...params, [name]: `${params[name] ?? 'x'}${URL_LONE_SURROGATE}` },
          query,
        ),
      })
    if (where === 'query') {
      const others = query.filter(([other]) => other !== name)
      const value = `${encodeURIComponent(sample.query?.[name] ?? 'x')}${URL_LONE_SURROGATE}`
      add(`query ${name} lone surrogate`, 'refused', {
        url: `${buildUrl(path, params, others)}${others.length ? '&' : '?'}${name}=${value}`,
      })
    }
  }
  const schema = operation.requestBody?.content?.['application/json']?.schema
  if (!schema || sample.body === undefined) return cases
  for (const variant of loneSurrogateVariants(schema, sample.body, [])) {
    const field = variant.where.replace(/ (high|low) surrogate$/, '')
    const passedThrough = PASSED_THROUGH.has(`${route} ${field}`)
    add(
      variant.where,
      variant.freeText && !passedThrough ? 'surrogate' : 'refused',
      { body: JSON.stringify(variant.value) },
      passedThrough,
    )
  }
  const contentTypes = TEXT_BODIES.has(route)
    ? ['application/json', 'text/plain']
    : ['application/json']
  for (const contentType of contentTypes) {
    add(`body 5,000 arrays deep (${contentType})`, 'tooDeep', {
      body: nestedArrays(5_000),
      contentType,
    })
    for (const place of nestingPlaces(sample.body)) {
      add(`${place.where} 5,000 deep (${contentType})`, 'tooDeep', {
        body: withRawJson(place.value, nestedArrays(5_000)),
        contentType,
      })
      add(`${place.where} nested to the limit (${contentType})`, 'withinLimit', {
        body: withRawJson(place.value, nestedArrays(MAX_JSON_DEPTH - place.level)),
        contentType,
      })
      add(`${place.where} nested one past the limit (${contentType})`, 'tooDeep', {
        body: withRawJson(place.value, nestedArrays(MAX_JSON_DEPTH + 1 - place.level)),
        contentType,
      })
    }
  }
  return cases
}

/** What is wrong with the answer to a lone-surrogate or nesting case, or undefined. */
function textAndDepthFault(testCase: TextAndDepthCase, outcome: Outcome): string | undefined {
  const within = testCase.expects === 'withinLimit'
  // A body within the limit is a well-formed request: it may meet a route's own 503 (the
  // dashboard off), never a crash.
  if (outcome.status >= 500 && !(within && outcome.status === 503)) return `${outcome.status}`
  if ((within || testCase.mayAnswer) && outcome.status < 300) return undefined
  if (outcome.status < 400) return `${outcome.status}: a bad input was taken`
  if (HTML_PAGES.has(testCase.route) && outcome.contentType.startsWith('text/html'))
    return undefined
  let message: unknown
  try {
    message = (JSON.parse(outcome.body) as { message?: unknown }).message
  } catch {
    return `${outcome.status} without a JSON body: ${outcome.body.slice(0, 80)}`
  }
  if (typeof message !== 'string' || message === '') return 'no message'
  if (within && message === JSON_TOO_DEEP_MESSAGE) return 'refused for a depth within the limit'
  if (
    testCase.expects === 'tooDeep' &&
    (outcome.status !== 400 || message !== JSON_TOO_DEEP_MESSAGE)
  )
    return `${outcome.status} without the depth limit's message: ${message.slice(0, 120)}`
  if (testCase.expects === 'surrogate' && (outcome.status !== 400 || !/surrogate/i.test(message)))
    return `${outcome.status} without the lone-surrogate message: ${message.slice(0, 120)}`
  return undefined
}

describe.each<[Dialect, Record<string, string>]>([
  ['pglite', {}],
  ['postgres', { REDIS_URL: inject('redisUrl') }],
])('lone surrogates and deep JSON to every route on %s', (dialect, env) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect, { LOG_LEVEL: 'error', ...env })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('answers each with a 4xx and a message, never a 5xx; JSON at the depth limit is taken', async () => {
    const document = (
      await server.app.inject({ method: 'GET', url: '/docs/json' })
    ).json() as Document
    const cases = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .flatMap(([method, operation]) => {
          const route = `${method.toUpperCase()} ${path}`
          const sample = SAMPLES[route]
          if (!sample) throw new Error(`${route} has no sample request in bad-input.test.ts`)
          return textAndDepthCasesOf(
            route,
            path,
            method.toUpperCase(),
            operation as Operation,
            sample,
            item.servers?.[0],
          )
        }),
    )
    const counts = { surrogate: 0, tooDeep: 0, withinLimit: 0, refused: 0 }
    const faults: string[] = []
    for (const testCase of cases) {
      counts[testCase.expects]++
      const wrong = textAndDepthFault(testCase, await send(server, testCase))
      if (wrong) faults.push(`${testCase.route} ${testCase.what}: ${wrong}`)
    }
    console.info(`lone-surrogate and depth sweep on ${dialect}: ${JSON.stringify(counts)}`)
    expect(faults).toEqual([])
    expect(counts.surrogate).toBeGreaterThanOrEqual(200)
    expect(counts.tooDeep).toBeGreaterThanOrEqual(150)
    expect(counts.withinLimit).toBeGreaterThanOrEqual(50)
  })
})
