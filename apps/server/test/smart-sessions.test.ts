import type { ConnectedUser } from '@latch/protocol'
import {
  type GrantResponse,
  latchSessionValidatorAbi,
  revokeSessionMessage,
  type SessionsResponse,
} from '@latch/protocol/smart-sessions'
import {
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  toHex,
} from 'viem'
import { entryPoint08Abi, toPackedUserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  prepareSessionUserOperation,
  SESSION_REFUSED_MESSAGE,
  type SendWithSessionOptions,
  SessionSendError,
  sendWithSession,
} from '../../../packages/core/src/sessions/sendWithSession.ts'
import { loginByEmail, walletCall } from './embeddedFixtures.ts'
import { startTestServer, type TestServer } from './helpers.ts'

// Smart sessions through the real stack: an email user's smart account grants a site's key
// "10 USDC a day on the devnet USDC token, transfer only, 7 days" through the embedded wallet's
// RPC; the key then spends with no approval, and everything outside the grant is refused by the
// chain: the refusals are sent straight to the devnet's bundler (or simulated on the EntryPoint),
// so the server is not the one refusing. Then the list and revoke routes.

const devnet = inject('devnet')
const chain = devnet.chains[0] as (typeof devnet.chains)[number]
const chainId = chain.chainId
const CAIP = `eip155:${chainId}`
const PROJECT = 'latch-dev'
const SITE = 'https://shop.example'
const USDC = chain.tokens.find((token) => token.symbol === 'USDC')?.address as Hex
const DAI = chain.tokens.find((token) => token.symbol === 'DAI')?.address as Hex
const VALIDATOR = chain.contracts.latchSessionValidator as Hex
const USDC_UNIT = 1_000_000n
const DAY = 86_400
const client = createPublicClient({ transport: http(chain.rpcUrl) })
const anvil = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
const recipient = privateKeyToAddress(generatePrivateKey())

const transfer = (to: Hex, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

const chainNow = async () => Number((await client.getBlock({ blockTag: 'latest' })).timestamp)

function dailyUsdcRequest(publicKey: Hex, expiry: number) {
  return {
    chainId: toHex(chainId),
    expiry,
    signer: { type: 'key', data: { type: 'secp256k1', publicKey } },
    permissions: [
      { type: 'contract-call', data: { address: USDC, functions: ['transfer(address,uint256)'] } },
      {
        type: 'erc20-token-periodic',
        data: {
          tokenAddress: USDC,
          periodAmount: (10n * USDC_UNIT).toString(),
          periodDuration: DAY,
        },
      },
    ],
  }
}

/** The refusal of a session send: its sentence and the bundler's own words. */
async function refusalOf(sending: Promise<unknown>): Promise<SessionSendError> {
  try {
    await sending
  } catch (error) {
    if (error instanceof SessionSendError) return error
    throw error
  }
  throw new Error('the operation was not refused')
}

describe('smart sessions on an email user’s smart account', () => {
  let server: TestServer
  let baseUrl: string
  let smart: Hex
  let token: string
  const sessionKey = privateKeyToAccount(generatePrivateKey())
  const shortKey = privateKeyToAccount(generatePrivateKey())
  let grant: GrantResponse
  let shortGrant: GrantResponse

  const rpc = (method: string, params: unknown, extra: object = {}) =>
    walletCall(server, 'rpc', { method, params, chainId, projectId: PROJECT, ...extra }, { token })

  /** The session key's send: through the server's routes, or straight to the chain's bundler. */
  const session = (
    calls: SendWithSessionOptions['calls'],
    options: { direct?: boolean; pci?: Hex; key?: typeof sessionKey } = {},
  ): SendWithSessionOptions => ({
    serverUrl: baseUrl,
    projectId: PROJECT,
    chainId,
    account: smart,
    validator: VALIDATOR,
    pci: options.pci ?? grant.context,
    sessionKey: options.key ?? sessionKey,
    calls,
    pollingIntervalMs: 100,
    ...(options.direct && { rpcUrl: chain.rpcUrl, bundlerUrl: chain.bundlerUrl }),
  })

  const list = async (): Promise<SessionsResponse> => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/v1/sessions/${smart}?chainId=${CAIP}&projectId=${PROJECT}`,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  const revokeRoute = (body: object) =>
    server.app.inject({
      method: 'POST',
      url: `/v1/sessions/${smart}/revoke?projectId=${PROJECT}`,
      payload: body,
    })

  beforeAll(async () => {
    server = await startTestServer('pglite', { LOG_LEVEL: 'error' })
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
    const login = await loginByEmail(server)
    token = login.sessionToken
    const { accounts } = login.user as unknown as ConnectedUser
    smart = accounts.find((account) => account.type === 'smartAccount')?.address as Hex
    // Ether for the account's own gas, and 100 USDC from a funded devnet account.
    await anvil.setBalance({ address: smart, value: parseEther('1') })
    await anvil.impersonateAccount({ address: devnet.accounts[0]?.address as Hex })
    const funding = await anvil.sendUnsignedTransaction({
      from: devnet.accounts[0]?.address as Hex,
      to: USDC,
      data: transfer(smart, 100n * USDC_UNIT),
    })
    await client.waitForTransactionReceipt({ hash: funding })

    // The session that expires during this file: granted first, so the wait at the end is short.
    // Its end is past the bundler's 30 s margin, so the grant and the chain take it.
    const granted = await rpc(
      'wallet_grantPermissions',
      [dailyUsdcRequest(shortKey.publicKey, (await chainNow()) + 40)],
      { origin: SITE },
    )
    expect(granted.statusCode, granted.body).toBe(200)
    shortGrant = granted.json().result
  }, 120_000)

  afterAll(async () => {
    await server?.close()
  })

  it('grants 10 USDC a day, transfer only, for 7 days: installed on the account, recorded', async () => {
    const expiry = (await chainNow()) + 7 * DAY
    const response = await rpc(
      'wallet_grantPermissions',
      [dailyUsdcRequest(sessionKey.publicKey, expiry)],
      { origin: SITE },
    )
    expect(response.statusCode, response.body).toBe(200)
    grant = response.json().result
    expect(grant).toMatchObject({
      chainId: toHex(chainId),
      address: smart,
      expiry,
      signer: { type: 'key', data: { publicKey: sessionKey.publicKey } },
    })
    expect(grant.context).toMatch(/^0x[0-9a-f]{64}$/)
    expect(grant.context).not.toBe(shortGrant.context)
    expect(
      await client.readContract({
        address: VALIDATOR,
        abi: latchSessionValidatorAbi,
        functionName: 'isActive',
        args: [smart, grant.context],
      }),
    ).toBe(true)
  })

  it('spends twice within the limit with the session key, no approval asked', async () => {
    const first = await sendWithSession(
      session([{ to: USDC, data: transfer(recipient, 4n * USDC_UNIT) }]),
    )
    expect(first.success).toBe(true)
    const second = await sendWithSession(
      session([{ to: USDC, data: transfer(recipient, 5n * USDC_UNIT) }]),
    )
    expect(second.success).toBe(true)
    expect(
      await client.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(9n * USDC_UNIT)
  })

  it('is refused by the chain for another contract and over the limit', async () => {
    const dai = await refusalOf(
      sendWithSession(session([{ to: DAI, data: transfer(recipient, 1n) }], { direct: true })),
    )
    expect(dai.message).toBe(SESSION_REFUSED_MESSAGE)
    expect(dai.detail).toMatch(/AA23/)
    // 9 spent today: 2 more is 11, over 10.
    const over = await refusalOf(
      sendWithSession(
        session([{ to: USDC, data: transfer(recipient, 2n * USDC_UNIT) }], { direct: true }),
      ),
    )
    expect(over.message).toBe(SESSION_REFUSED_MESSAGE)
    expect(over.detail).toMatch(/AA23/)
    // Another key with the session's id: not its signer.
    const stranger = await refusalOf(
      sendWithSession(
        session([{ to: USDC, data: transfer(recipient, 1n) }], {
          direct: true,
          key: privateKeyToAccount(generatePrivateKey()),
        }),
      ),
    )
    expect(stranger.detail).toMatch(/AA24/)
    // Through the server's routes the same refusal comes back in the same words.
    const viaServer = await refusalOf(
      sendWithSession(session([{ to: USDC, data: transfer(recipient, 2n * USDC_UNIT) }])),
    )
    expect(viaServer.message).toBe(SESSION_REFUSED_MESSAGE)
    expect(
      await client.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(9n * USDC_UNIT)
  })

  it('lists the sessions with their status and usage read from the chain', async () => {
    const { sessions } = await list()
    const daily = sessions.find((entry) => entry.pci === grant.context)
    expect(daily).toMatchObject({
      chainId: CAIP,
      origin: SITE,
      signer: sessionKey.address.toLowerCase(),
      expiry: grant.expiry,
      status: 'active',
      usage: [
        {
          token: USDC,
          symbol: 'USDC',
          periodAmount: (10n * USDC_UNIT).toString(),
          periodDuration: DAY,
          spent: (9n * USDC_UNIT).toString(),
        },
      ],
    })
    expect(daily?.permissions).toEqual(grant.permissions)
    expect(sessions.map((entry) => entry.pci)).toContain(shortGrant.context)
  })

  it('refuses bad grants with a message: no expiry, unknown type, unknown token, past expiry', async () => {
    const base = dailyUsdcRequest(sessionKey.publicKey, (await chainNow()) + DAY)
    const { expiry: _expiry, ...noExpiry } = base
    const unknownToken = privateKeyToAddress(generatePrivateKey())
    const cases: [unknown, RegExp][] = [
      [noExpiry, /expiry is required/],
      [{ ...base, permissions: [{ type: 'nft-allowance', data: {} }] }, /Unknown permission type/],
      [
        {
          ...base,
          permissions: [
            {
              type: 'contract-call',
              data: { address: unknownToken, functions: ['transfer(address,uint256)'] },
            },
            {
              type: 'erc20-token-periodic',
              data: { tokenAddress: unknownToken, periodAmount: '1', periodDuration: DAY },
            },
          ],
        },
        /Unknown token/,
      ],
      [{ ...base, expiry: (await chainNow()) - 10 }, /expiry must be in the future/],
    ]
    for (const [request, message] of cases) {
      const response = await rpc('wallet_grantPermissions', [request], { origin: SITE })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toMatch(message)
    }
  })

  it('revoke route: 404 for an unknown pci, 401 for a forged signature, 200 for the owner', async () => {
    const unknown = await revokeRoute({
      pci: toHex(7n, { size: 32 }),
      signature: `0x${'11'.repeat(65)}`,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toMatch(/Unknown session/)

    const message = revokeSessionMessage({ chainId, address: smart, pci: shortGrant.context })
    const forger = privateKeyToAccount(generatePrivateKey())
    const forged = await revokeRoute({
      pci: shortGrant.context,
      signature: await forger.signMessage({ message }),
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.json().message).toMatch(/Invalid signature/)

    // The owner signs through their smart account (an ERC-1271 signature of the account).
    const signed = await rpc('personal_sign', [toHex(message), smart])
    expect(signed.statusCode, signed.body).toBe(200)
    const revoked = await revokeRoute({ pci: shortGrant.context, signature: signed.json().result })
    expect(revoked.statusCode, revoked.body).toBe(200)
    expect(revoked.json()).toEqual({ success: true })
    const entry = (await list()).sessions.find((item) => item.pci === shortGrant.context)
    expect(entry?.revokedAt).toBeGreaterThan(0)
  })

  it('wallet_revokePermissions revokes on chain: the key is refused by the chain after', async () => {
    const response = await rpc('wallet_revokePermissions', [
      { permissionsContext: grant.context, chainId: toHex(chainId) },
    ])
    expect(response.statusCode, response.body).toBe(200)
    const entry = (await list()).sessions.find((item) => item.pci === grant.context)
    expect(entry?.status).toBe('revoked')
    const after = await refusalOf(
      sendWithSession(session([{ to: USDC, data: transfer(recipient, 1n) }], { direct: true })),
    )
    expect(after.message).toBe(SESSION_REFUSED_MESSAGE)
    expect(after.detail).toMatch(/AA24/)
    const unknown = await rpc('wallet_revokePermissions', [
      { permissionsContext: toHex(9n, { size: 32 }), chainId: toHex(chainId) },
    ])
    expect(unknown.statusCode).toBe(404)
  })

  it('is refused by the EntryPoint after expiry', async () => {
    // Wait for the chain's clock to pass the short session's end (no time travel: the devnet is
    // shared), mining an empty block now and then so its latest time moves.
    while ((await chainNow()) <= shortGrant.expiry) {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await anvil.mine({ blocks: 1 })
    }
    const short = { ...session([{ to: USDC, data: transfer(recipient, 1n) }], { direct: true }) }
    const options = { ...short, pci: shortGrant.context, sessionKey: shortKey }
    // The bundler refuses it...
    const refused = await refusalOf(sendWithSession(options))
    expect(refused.message).toBe(SESSION_REFUSED_MESSAGE)
    // ...and so does the EntryPoint itself, run on the chain with the signed operation.
    const operation = await prepareSessionUserOperation({
      ...options,
      gas: { callGasLimit: 200_000n, verificationGasLimit: 500_000n, preVerificationGas: 60_000n },
    })
    const bundlerKey = privateKeyToAccount(generatePrivateKey())
    await anvil.setBalance({ address: bundlerKey.address, value: parseEther('1') })
    await expect(
      client.simulateContract({
        account: bundlerKey,
        address: chain.contracts.entryPoint,
        abi: entryPoint08Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation(operation)], bundlerKey.address],
      }),
    ).rejects.toThrow(/AA22 expired or not due/)
  }, 90_000)
})
