import {
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { MAX_TYPED_DATA_TYPES } from '../src/embedded/constants.ts'
import { JSON_TOO_DEEP_MESSAGE } from '../src/plugins/jsonBody.ts'
import { devnetClient } from './devnetTx.ts'
import { loginByEmail, walletCall } from './embeddedFixtures.ts'
import { startTestServer, type TestServer } from './helpers.ts'

const devnet = inject('devnet')
const chain = devnet.chains[0] as (typeof devnet.chains)[number]
const chainId = chain.chainId
const client = devnetClient(chain)
const anvil = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })

const typedData = {
  domain: { name: 'Latch Test', version: '1', chainId, verifyingContract: chain.contracts.weth9 },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0x000000000000000000000000000000000000dEaD', contents: 'Hello' },
} as const

describe('the embedded wallet signs and sends for its user', () => {
  let server: TestServer
  let token: string
  let address: `0x${string}`
  beforeAll(async () => {
    server = await startTestServer('pglite')
    const login = await loginByEmail(server)
    token = login.sessionToken
    address = login.user.address
  })
  afterAll(async () => {
    await server?.close()
  })

  const rpc = (method: string, params: unknown, options: { chain?: number; as?: string } = {}) =>
    walletCall(
      server,
      'rpc',
      { method, params, chainId: options.chain ?? chainId },
      {
        token: options.as ?? token,
      },
    )

  it('personal_sign: a signature of the user that viem verifies', async () => {
    const response = await rpc('personal_sign', [toHex('Sign in to Latch'), address])
    expect(response.statusCode, response.body).toBe(200)
    const signature = response.json().result
    expect(await verifyMessage({ address, message: 'Sign in to Latch', signature })).toBe(true)
    // Text that is not hex is signed as it reads.
    const text = (await rpc('personal_sign', ['plain words', address])).json().result
    expect(await verifyMessage({ address, message: 'plain words', signature: text })).toBe(true)
  })

  it('eth_signTypedData_v4: an EIP-712 signature that viem verifies', async () => {
    const response = await rpc('eth_signTypedData_v4', [address, JSON.stringify(typedData)])
    expect(response.statusCode, response.body).toBe(200)
    const { EIP712Domain: _domain, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: typedData.message,
        signature: response.json().result,
      }),
    ).toBe(true)
  })

  it('eth_sendTransaction: fills, signs and broadcasts; the transfer lands on anvil', async () => {
    await anvil.setBalance({ address, value: parseEther('10') })
    const to = privateKeyToAddress(generatePrivateKey())
    const response = await rpc('eth_sendTransaction', [
      { from: address, to, value: toHex(parseEther('1.5')) },
    ])
    expect(response.statusCode, response.body).toBe(200)
    const hash = response.json().result
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(parseEther('1.5'))
  })

  it('wallet_sendCalls: one by one; wallet_getCallsStatus reports them confirmed', async () => {
    await anvil.setBalance({ address, value: parseEther('10') })
    const [first, second] = [
      privateKeyToAddress(generatePrivateKey()),
      privateKeyToAddress(generatePrivateKey()),
    ]
    const response = await rpc('wallet_sendCalls', [
      {
        version: '2.0.0',
        from: address,
        chainId: toHex(chainId),
        atomicRequired: false,
        calls: [
          { to: first, value: toHex(parseEther('0.25')) },
          { to: second, value: toHex(parseEther('0.5')) },
        ],
      },
    ])
    expect(response.statusCode, response.body).toBe(200)
    const { id } = response.json().result
    expect(id).toMatch(/^0x[0-9a-f]{16}([0-9a-f]{64}){2}$/)

    let status = (await rpc('wallet_getCallsStatus', [id])).json().result
    for (let tries = 0; status.status === 100 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      status = (await rpc('wallet_getCallsStatus', [id])).json().result
    }
    expect(status).toMatchObject({
      version: '2.0.0',
      id,
      chainId: toHex(chainId),
      status: 200,
      atomic: false,
    })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts.map((receipt: { status: string }) => receipt.status)).toEqual([
      '0x1',
      '0x1',
    ])
    expect(await client.getBalance({ address: first })).toBe(parseEther('0.25'))
    expect(await client.getBalance({ address: second })).toBe(parseEther('0.5'))
  })

  it("answers the chain's refusal as a 400 with its short message", async () => {
    const poor = await loginByEmail(server)
    const broke = await rpc(
      'eth_sendTransaction',
      [{ to: address, value: toHex(parseEther('1')) }],
      { as: poor.sessionToken },
    )
    expect(broke.statusCode).toBe(400)
    expect(broke.json().message).toMatch(/exceeds the balance|insufficient funds/i)

    await anvil.setBalance({ address, value: parseEther('10') })
    const usdc = chain.tokens.find((token) => token.symbol === 'USDC')?.address as `0x${string}`
    const revert = await rpc('eth_sendTransaction', [
      {
        to: usdc,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [address, 10n ** 30n],
        }),
      },
    ])
    expect(revert.statusCode).toBe(400)
    expect(revert.json().message).toMatch(/revert/i)
  })

  const cost = (method: string, params: unknown, options: { as?: string; chain?: number } = {}) =>
    walletCall(
      server,
      'rpc/cost',
      { method, params, chainId: options.chain ?? chainId },
      { token: options.as ?? token },
    )

  it('rpc/cost: names the network and says what a transaction would take, shortfall included', async () => {
    const poor = await loginByEmail(server)
    const to = privateKeyToAddress(generatePrivateKey())
    const empty = await cost('eth_sendTransaction', [{ to, value: '0x0' }], {
      as: poor.sessionToken,
    })
    expect(empty.statusCode, empty.body).toBe(200)
    const costed = empty.json()
    expect(costed).toMatchObject({
      network: { chainId, name: chain.name },
      currency: { symbol: 'ETH', decimals: 18 },
      balance: '0',
      value: '0',
    })
    // A plain transfer: 21,000 gas at a price above zero, all of it missing.
    const fee = BigInt(costed.fee)
    expect(fee % 21_000n).toBe(0n)
    expect(fee).toBeGreaterThan(0n)
    expect(costed.shortfall).toBe(costed.fee)

    await anvil.setBalance({ address: poor.user.address, value: parseEther('1') })
    const paid = (
      await cost('eth_sendTransaction', [{ to, value: toHex(parseEther('0.5')) }], {
        as: poor.sessionToken,
      })
    ).json()
    expect(paid).toMatchObject({ balance: parseEther('1').toString(), shortfall: '0' })
    // More value than the balance: the gas is still estimated, the shortfall covers both.
    const tooMuch = (
      await cost('eth_sendTransaction', [{ to, value: toHex(parseEther('2')) }], {
        as: poor.sessionToken,
      })
    ).json()
    expect(BigInt(tooMuch.shortfall)).toBe(parseEther('1') + BigInt(tooMuch.fee))
    // A batch sums its values and fees.
    const batch = (
      await cost(
        'wallet_sendCalls',
        [{ version: '2.0.0', calls: [{ to, value: toHex(parseEther('0.25')) }, { to }] }],
        { as: poor.sessionToken },
      )
    ).json()
    expect(batch.value).toBe(parseEther('0.25').toString())
    expect(BigInt(batch.fee) % 42_000n).toBe(0n)
    // Nothing was sent.
    expect(await client.getBalance({ address: to })).toBe(0n)
    expect(await client.getTransactionCount({ address: poor.user.address })).toBe(0)
  })

  it('rpc/cost: a call the chain would revert has no fee, and says why; other methods are refused', async () => {
    const usdc = chain.tokens.find((token) => token.symbol === 'USDC')?.address as `0x${string}`
    const reverting = await cost('eth_sendTransaction', [
      {
        to: usdc,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [address, 10n ** 30n],
        }),
      },
    ])
    expect(reverting.statusCode, reverting.body).toBe(200)
    expect(reverting.json().fee).toBeNull()
    expect(reverting.json().feeError).toMatch(/revert/i)

    const signing = await cost('personal_sign', ['0x00', address])
    expect(signing.statusCode).toBe(400)
    expect(signing.json().message).toBe('Only eth_sendTransaction and wallet_sendCalls have a cost')
    const chainless = await cost('eth_sendTransaction', [{ to: address }], { chain: 999 })
    expect(chainless.json().message).toBe('Unsupported chain')
    const anonymous = await walletCall(server, 'rpc/cost', {
      method: 'eth_sendTransaction',
      params: [{ to: address }],
      chainId,
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('evm/network names the chain, its coin and its known tokens (no spam) for the approval screen', async () => {
    const response = await walletCall(server, 'evm/network', { chainId }, { token })
    expect(response.statusCode, response.body).toBe(200)
    const usdc = chain.tokens.find((entry) => entry.symbol === 'USDC')
    const spam = chain.tokens.find((entry) => entry.spam)
    const body = response.json()
    expect(body).toMatchObject({
      chainId,
      name: chain.name,
      currency: { symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals },
      tokens: expect.arrayContaining([{ address: usdc?.address, symbol: 'USDC', decimals: 6 }]),
    })
    expect(body.tokens.some((entry: { address: string }) => entry.address === spam?.address)).toBe(
      false,
    )
    const unknown = await walletCall(server, 'evm/network', { chainId: 999 }, { token })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe('Unsupported chain')
    expect((await walletCall(server, 'evm/network', { chainId })).statusCode).toBe(401)
  })

  it('eth_signTypedData_v4: typed data nested past the JSON depth limit in its string is a 400', async () => {
    const typedDataText = JSON.stringify(typedData)
    for (const [where, deep] of [
      [
        'message',
        typedDataText.replace(
          '"contents":"Hello"',
          `"contents":"Hello","x":${'['.repeat(5_000)}${']'.repeat(5_000)}`,
        ),
      ],
      [
        'domain',
        typedDataText.replace(
          '"version":"1"',
          `"version":"1","x":${'{"a":'.repeat(5_000)}0${'}'.repeat(5_000)}`,
        ),
      ],
    ] as const) {
      const response = await rpc('eth_signTypedData_v4', [address, deep])
      expect(response.statusCode, `${where}: ${response.body}`).toBe(400)
      expect(response.json().message).toBe(JSON_TOO_DEEP_MESSAGE)
    }
  })

  it('eth_signTypedData_v4: a chain of more struct types than MAX_TYPED_DATA_TYPES is a 400', async () => {
    // Each type holds an array of the next: the message stays shallow, the chain is 5,000 long.
    const types: Record<string, { name: string; type: string }[]> = {
      EIP712Domain: [{ name: 'name', type: 'string' }],
    }
    for (let index = 0; index < 5_000; index++)
      types[`T${index}`] = [{ name: 'n', type: index === 4_999 ? 'uint256' : `T${index + 1}[]` }]
    const chained = { types, primaryType: 'T0', domain: { name: 'x' }, message: { n: [] } }
    const response = await rpc('eth_signTypedData_v4', [address, chained])
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().message).toBe(
      `Invalid eth_signTypedData_v4 params at params.1.types: At most ${MAX_TYPED_DATA_TYPES} types`,
    )
  })

  it('refuses methods outside the list, unknown chains and addresses not the user', async () => {
    const notAllowed = await rpc('eth_sign', [address, '0x00'])
    expect(notAllowed.statusCode).toBe(400)
    expect(notAllowed.json().message).toBe('Requested RPC call is not allowed')
    const chainless = await rpc('personal_sign', ['0x00', address], { chain: 999 })
    expect(chainless.statusCode).toBe(400)
    expect(chainless.json().message).toBe('Unsupported chain')
    const other = privateKeyToAddress(generatePrivateKey())
    const foreign = await rpc('personal_sign', ['0x00', other])
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().message).toBe(`Address ${other} is not the connected account`)
    const bad = await rpc('eth_sendTransaction', [{ to: 'nowhere' }])
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^Invalid eth_sendTransaction params at params\.0\.to/)
    const unknownBatch = await rpc('wallet_getCallsStatus', ['0x1234'])
    expect(unknownBatch.json().message).toBe('Unknown wallet_sendCalls id')
  })

  it('refuses a receiver whose mixed case is not its checksum, and sends nothing', async () => {
    const receiver = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
    // One letter in the wrong case: a typo the checksum catches.
    const typo = '0x8ba1f109551bd432803012645Ac136ddd64DBA72'
    const before = await client.getBalance({ address: receiver })
    const refusals = [
      ['params.0.to', await rpc('eth_sendTransaction', [{ to: typo, value: '0x1' }])],
      ['params.0.to', await cost('eth_sendTransaction', [{ to: typo, value: '0x1' }])],
      [
        'params.0.calls.0.to',
        await rpc('wallet_sendCalls', [
          { version: '2.0.0', chainId: toHex(chainId), calls: [{ to: typo, value: '0x1' }] },
        ]),
      ],
    ] as const
    for (const [where, response] of refusals) {
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toMatch(`at ${where}: `)
      expect(response.json().message).toMatch(/EIP-55 checksum/)
    }
    expect(await client.getBalance({ address: receiver })).toBe(before)
  })
})
