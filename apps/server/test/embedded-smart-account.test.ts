import type { ConnectedUser } from '@latch/protocol'
import {
  createTestClient,
  decodeEventLog,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  isErc6492Signature,
  parseEther,
  parseUnits,
  toHex,
  verifyMessage,
} from 'viem'
import { entryPoint08Abi, entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chainsOfDevnet } from '../src/config.ts'
import { BUNDLER_UNAVAILABLE_MESSAGE } from '../src/embedded/smartAccount/errors.ts'
import type { SponsorshipPolicy } from '../src/paymaster/policy.ts'
import { setPolicy } from '../src/paymaster/store.ts'
import { latchAccountAddress, latchAccountFactoryAbi } from '../src/smartAccounts/latchAccount.ts'
import { startForwarder } from './bundlerForwarder.ts'
import { devnetClient, routerAbi } from './devnetTx.ts'
import { loginByEmail, walletCall } from './embeddedFixtures.ts'
import { startTestServer, type TestServer } from './helpers.ts'

// The embedded wallet's smart account: the LatchAccount its user's key owns on each chain with a
// bundler, listed beside the key's EOA; signatures of it (ERC-6492 before it exists, ERC-1271
// after) and its transactions and batches sent as user operations through the bundler.

const devnet = inject('devnet')
const chain = devnet.chains[0] as (typeof devnet.chains)[number]
const chainB = devnet.chains[1] as (typeof devnet.chains)[number]
const chainId = chain.chainId
const client = devnetClient(chain)
const anvil = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
const USDC = chain.tokens.find((token) => token.symbol === 'USDC')?.address as Hex
const freshAddress = () => privateKeyToAddress(generatePrivateKey())

type Accounts = { smart: Hex; owner: Hex; token: string }

async function smartUser(server: TestServer): Promise<Accounts> {
  const login = await loginByEmail(server)
  const { accounts } = login.user as unknown as ConnectedUser
  const of = (type: string) =>
    accounts.find((account) => account.namespace === 'eip155' && account.type === type)
      ?.address as Hex
  return { smart: of('smartAccount'), owner: of('eoa'), token: login.sessionToken }
}

/** USDC bought on the devnet's pool for `to` (an address that needs no code to hold it). */
async function buyUsdc(to: Hex): Promise<bigint> {
  const buyer = privateKeyToAddress(generatePrivateKey())
  await anvil.setBalance({ address: buyer, value: parseEther('10') })
  await anvil.impersonateAccount({ address: buyer })
  const hash = await anvil.sendUnsignedTransaction({
    from: buyer,
    to: chain.contracts.uniswapV2Router02,
    value: parseEther('0.1'),
    data: encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [chain.contracts.weth9, USDC], to, 2n ** 40n],
    }),
  })
  await client.waitForTransactionReceipt({ hash })
  return client.readContract({
    address: USDC,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [to],
  })
}

/** The user operations a transaction carried, as the EntryPoint logged them. */
async function userOperationsIn(hash: Hex) {
  const receipt = await client.getTransactionReceipt({ hash })
  return receipt.logs.flatMap((log) => {
    try {
      const event = decodeEventLog({ abi: entryPoint08Abi, ...log })
      return event.eventName === 'UserOperationEvent' ? [event.args] : []
    } catch {
      return []
    }
  })
}

describe("the embedded wallet's smart account", () => {
  let server: TestServer
  let user: Accounts
  const rpc = (method: string, params: unknown, token = user.token, route = 'rpc') =>
    walletCall(server, route, { method, params, chainId }, { token })

  beforeAll(async () => {
    server = await startTestServer('pglite')
    user = await smartUser(server)
  })
  afterAll(async () => {
    await server?.close()
  })

  it("lists the smart account its key owns, at the factory's address, before it exists", async () => {
    const fromFactory = await client.readContract({
      address: chain.contracts.latchAccountFactory,
      abi: latchAccountFactoryAbi,
      functionName: 'getAddress',
      args: [user.owner, 0n],
    })
    expect(user.smart).toBe(fromFactory)
    expect(await client.getCode({ address: user.smart })).toBeUndefined()
    const onB = (
      await walletCall(server, 'session/user', { chainId: chainB.chainId }, { token: user.token })
    ).json()
    expect(onB).toMatchObject({
      chainId: chainB.chainId,
      smartAccountDeployed: false,
      accounts: [
        { namespace: 'eip155', address: user.smart, type: 'smartAccount' },
        { namespace: 'eip155', address: user.owner, type: 'eoa' },
        { namespace: 'solana', type: 'eoa' },
      ],
    })
  })

  it('costs a transaction of the smart account from its own balance: all of it missing while empty', async () => {
    const to = freshAddress()
    const costed = (
      await rpc(
        'eth_sendTransaction',
        [{ from: user.smart, to, value: toHex(1000n) }],
        user.token,
        'rpc/cost',
      )
    ).json()
    expect(costed).toMatchObject({ balance: '0', value: '1000', network: { chainId } })
    expect(BigInt(costed.fee)).toBeGreaterThan(0n)
    expect(BigInt(costed.shortfall)).toBe(1000n + BigInt(costed.fee))
    // The operation's gas and price, whose product is the fee (what the kit's Send view shows).
    expect(BigInt(costed.gas) * BigInt(costed.maxFeePerGas)).toBe(BigInt(costed.fee))
    // What the approval screen names calls by: the chain's tokens and router.
    expect(costed.tokens).toContainEqual({ address: USDC, symbol: 'USDC', decimals: 6 })
    expect(costed.swapRouter).toBe(chain.contracts.uniswapV2Router02)
  })

  it('an operation the account cannot pay for is refused in plain words, not the AA code', async () => {
    const poor = await smartUser(server)
    const refused = await rpc(
      'eth_sendTransaction',
      [{ from: poor.smart, to: freshAddress(), value: '0x0' }],
      poor.token,
    )
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().message).toBe(
      "Not enough funds in your smart account to pay this operation's network fee",
    )
    expect(await client.getCode({ address: poor.smart })).toBeUndefined()
  })

  it('signs as the smart account before it exists: ERC-6492 signatures the chain verifies', async () => {
    const message = 'Sign in as a smart account'
    const response = await rpc('personal_sign', [toHex(message), user.smart])
    expect(response.statusCode, response.body).toBe(200)
    const signature = response.json().result as Hex
    expect(isErc6492Signature(signature)).toBe(true)
    expect(await client.verifyMessage({ address: user.smart, message, signature })).toBe(true)
    // The owner's key alone does not stand for the account.
    const plain = (await rpc('personal_sign', [toHex(message), user.owner])).json().result as Hex
    expect(await client.verifyMessage({ address: user.smart, message, signature: plain })).toBe(
      false,
    )

    const typedData = {
      domain: {
        name: 'Latch Test',
        version: '1',
        chainId,
        verifyingContract: chain.contracts.weth9,
      },
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
    const typed = await rpc('eth_signTypedData_v4', [user.smart, JSON.stringify(typedData)])
    expect(typed.statusCode, typed.body).toBe(200)
    const { EIP712Domain: _domain, ...types } = typedData.types
    expect(
      await client.verifyTypedData({
        address: user.smart,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: typedData.message,
        signature: typed.json().result,
      }),
    ).toBe(true)
  })

  it('sends from the smart account: its first transaction deploys it, and the hash is the transaction that carried it', async () => {
    await anvil.setBalance({ address: user.smart, value: parseEther('1') })
    const to = freshAddress()
    const response = await rpc('eth_sendTransaction', [
      { from: user.smart, to, value: toHex(parseEther('0.1')) },
    ])
    expect(response.statusCode, response.body).toBe(200)
    const hash = response.json().result as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await client.getTransactionReceipt({ hash })).status).toBe('success')
    expect(await userOperationsIn(hash)).toEqual([
      expect.objectContaining({ sender: user.smart, success: true }),
    ])
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.1'))
    expect(await client.getCode({ address: user.smart })).not.toBeUndefined()
    // The fee came out of the smart account, not the owner's key.
    expect(await client.getBalance({ address: user.smart })).toBeLessThan(parseEther('0.9'))
    expect(await client.getBalance({ address: user.owner })).toBe(0n)
    const read = await walletCall(server, 'session/user', { chainId }, { token: user.token })
    expect(read.json().smartAccountDeployed).toBe(true)
  })

  it('signs as the deployed account: an ERC-1271 signature, no longer wrapped', async () => {
    const message = 'Signed by a deployed account'
    const signature = (await rpc('personal_sign', [message, user.smart])).json().result as Hex
    expect(isErc6492Signature(signature)).toBe(false)
    expect(await client.verifyMessage({ address: user.smart, message, signature })).toBe(true)
  })

  it('sends a batch as one user operation: approve and transfer land together, and its status says so', async () => {
    await buyUsdc(user.smart)
    const [spender, recipient] = [freshAddress(), freshAddress()]
    const response = await rpc('wallet_sendCalls', [
      {
        version: '2.0.0',
        from: user.smart,
        chainId: toHex(chainId),
        atomicRequired: true,
        calls: [
          {
            to: USDC,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'approve',
              args: [spender, parseUnits('10', 6)],
            }),
          },
          {
            to: USDC,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [recipient, parseUnits('5', 6)],
            }),
          },
        ],
      },
    ])
    expect(response.statusCode, response.body).toBe(200)
    const { id } = response.json().result
    expect(id).toMatch(/^0x4337[0-9a-f]{16}[0-9a-f]{64}$/)
    let status = (await rpc('wallet_getCallsStatus', [id])).json().result
    for (let tries = 0; status.status === 100 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      status = (await rpc('wallet_getCallsStatus', [id])).json().result
    }
    expect(status).toMatchObject({
      version: '2.0.0',
      id,
      chainId: toHex(chainId),
      status: 200,
      atomic: true,
    })
    expect(status.receipts).toHaveLength(1)
    const [receipt] = status.receipts
    expect(receipt.status).toBe('0x1')
    expect(await userOperationsIn(receipt.transactionHash)).toHaveLength(1)
    expect(
      await client.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user.smart, spender],
      }),
    ).toBe(parseUnits('10', 6))
    expect(
      await client.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(parseUnits('5', 6))
  })

  it('keeps the owner EOA working as before: a call that names it, or no account, is its own', async () => {
    await anvil.setBalance({ address: user.owner, value: parseEther('1') })
    const to = freshAddress()
    const hash = (await rpc('eth_sendTransaction', [{ to, value: toHex(7n) }])).json().result as Hex
    expect((await client.getTransaction({ hash })).from.toLowerCase()).toBe(
      user.owner.toLowerCase(),
    )
    const signature = (await rpc('personal_sign', ['plain', user.owner])).json().result as Hex
    expect(await verifyMessage({ address: user.owner, message: 'plain', signature })).toBe(true)
    // Another smart account than the user's is refused, as any address not theirs.
    const stranger = await rpc('personal_sign', ['plain', freshAddress()])
    expect(stranger.statusCode).toBe(400)
  })
})

describe('the smart account while its bundler does not answer', () => {
  let server: TestServer
  let forwarder: Awaited<ReturnType<typeof startForwarder>>
  beforeAll(async () => {
    forwarder = await startForwarder(chain.bundlerUrl ?? '')
    const chains = chainsOfDevnet(devnet).map((entry) =>
      entry.chainId === chainId ? { ...entry, bundlerUrl: forwarder.url } : entry,
    )
    server = await startTestServer('pglite', {
      LATCH_CHAINS: JSON.stringify(chains),
      RPC_TIMEOUT_MS: '2000',
    })
  })
  afterAll(async () => {
    await server?.close()
    await forwarder?.close().catch(() => {})
  })

  it('answers 503 in plain words, and sends again once the bundler is back', async () => {
    const user = await smartUser(server)
    await anvil.setBalance({ address: user.smart, value: parseEther('1') })
    const send = () =>
      walletCall(
        server,
        'rpc',
        {
          method: 'eth_sendTransaction',
          params: [{ from: user.smart, to: freshAddress(), value: '0x1' }],
          chainId,
        },
        { token: user.token },
      )
    await forwarder.close()
    const down = await send()
    expect(down.statusCode).toBe(503)
    expect(down.json().message).toBe(BUNDLER_UNAVAILABLE_MESSAGE)
    expect(down.body).not.toContain(forwarder.url)
    await forwarder.reopen()
    const back = await send()
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json().result).toMatch(/^0x[0-9a-f]{64}$/)
  })
})

describe("the smart account's gas, sponsored by the site's project", () => {
  let server: TestServer
  const SPONSOR_ALL: SponsorshipPolicy = {
    enabled: true,
    budgetWei: parseEther('1'),
    period: 'day',
    allowedTargets: [],
    visitorDailyCapWei: null,
    clientSharePercent: 10,
  }
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(async () => {
    await server?.close()
  })
  const call = (
    user: Accounts,
    route: string,
    method: string,
    params: unknown,
    projectId?: string,
  ) =>
    walletCall(
      server,
      route,
      { method, params, chainId, ...(projectId && { projectId }) },
      { token: user.token },
    )
  const paymasterOf = async (hash: Hex) => {
    const [operation] = await userOperationsIn(hash)
    return operation?.paymaster
  }

  it('the site pays: the cost names it, and the first operation deploys an account holding no ether', async () => {
    await setPolicy(server.db, 'latch-dev', SPONSOR_ALL)
    const user = await smartUser(server)
    const tx = [{ from: user.smart, to: freshAddress(), value: '0x0' }]
    const costed = (await call(user, 'rpc/cost', 'eth_sendTransaction', tx, 'latch-dev')).json()
    expect(costed).toMatchObject({
      sponsor: 'Latch development project',
      balance: '0',
      shortfall: '0',
      maxFeePerGas: '0',
    })
    const sent = await call(user, 'rpc', 'eth_sendTransaction', tx, 'latch-dev')
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().notice).toBeUndefined()
    expect(await client.getCode({ address: user.smart })).not.toBeUndefined()
    expect(await client.getBalance({ address: user.smart })).toBe(0n)
    expect(await paymasterOf(sent.json().result)).toBe(chain.contracts.latchPaymaster)
  })

  it('a site that sponsors nothing: the account pays, and nothing is said of it', async () => {
    await setPolicy(server.db, 'latch-dev', { ...SPONSOR_ALL, enabled: false })
    const user = await smartUser(server)
    await anvil.setBalance({ address: user.smart, value: parseEther('1') })
    const tx = [{ from: user.smart, to: freshAddress(), value: '0x0' }]
    const costed = (await call(user, 'rpc/cost', 'eth_sendTransaction', tx, 'latch-dev')).json()
    expect(costed.sponsor).toBeUndefined()
    expect(costed.sponsorshipNotice).toBeUndefined()
    expect(BigInt(costed.maxFeePerGas)).toBeGreaterThan(0n)
    const sent = await call(user, 'rpc', 'eth_sendTransaction', tx, 'latch-dev')
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().notice).toBeUndefined()
    expect(await paymasterOf(sent.json().result)).toBe('0x0000000000000000000000000000000000000000')
    expect(await client.getBalance({ address: user.smart })).toBeLessThan(parseEther('1'))
  })

  it("a call the site's policy does not pay for: the screen is told why first, and the account pays", async () => {
    await setPolicy(server.db, 'latch-dev', {
      ...SPONSOR_ALL,
      allowedTargets: [USDC.toLowerCase() as Hex],
    })
    const user = await smartUser(server)
    await anvil.setBalance({ address: user.smart, value: parseEther('1') })
    const tx = [{ from: user.smart, to: freshAddress(), value: '0x0' }]
    const notice =
      'This site is not paying for this transaction: it only pays for calls to its own contracts. You pay the network fee.'
    const costed = (await call(user, 'rpc/cost', 'eth_sendTransaction', tx, 'latch-dev')).json()
    expect(costed.sponsorshipNotice).toBe(notice)
    expect(costed.sponsor).toBeUndefined()
    const sent = await call(user, 'rpc', 'eth_sendTransaction', tx, 'latch-dev')
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().notice).toBe(notice)
    expect(await paymasterOf(sent.json().result)).toBe('0x0000000000000000000000000000000000000000')
    expect(await client.getBalance({ address: user.smart })).toBeLessThan(parseEther('1'))
  })

  it("refused when it is signed (the visitor's daily cap): sent self-paid all the same, with the reason", async () => {
    await setPolicy(server.db, 'latch-dev', { ...SPONSOR_ALL, visitorDailyCapWei: 1n })
    const user = await smartUser(server)
    await anvil.setBalance({ address: user.smart, value: parseEther('1') })
    const batch = [
      {
        version: '2.0.0',
        from: user.smart,
        chainId: toHex(chainId),
        calls: [{ to: freshAddress() }],
      },
    ]
    const sent = await call(user, 'rpc', 'wallet_sendCalls', batch, 'latch-dev')
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().notice).toBe(
      "This site is not paying for this transaction: you have reached today's limit of sponsored network fees. You pay the network fee.",
    )
    expect(sent.json().result.id).toMatch(/^0x4337/)
  })

  it("counts the wallet's user as the client whose share it uses, not the address the frame is reached from", async () => {
    await setPolicy(server.db, 'latch-dev', SPONSOR_ALL)
    // A client at the frame's own address takes its whole share through the paymaster route.
    const owner = freshAddress()
    const factory = chain.contracts.latchAccountFactory
    const paymasterCall = (method: string, maxFeePerGas: bigint) =>
      server.app.inject({
        method: 'POST',
        url: `/v1/paymaster?chainId=eip155:${chainId}&projectId=latch-dev`,
        payload: {
          jsonrpc: '2.0',
          id: 1,
          method,
          params: [
            {
              sender: latchAccountAddress({ factory, owner }),
              nonce: '0x0',
              factory,
              factoryData: encodeFunctionData({
                abi: latchAccountFactoryAbi,
                functionName: 'createAccount',
                args: [owner, 0n],
              }),
              callData: '0x',
              callGasLimit: toHex(100_000n),
              verificationGasLimit: toHex(600_000n),
              preVerificationGas: toHex(80_000n),
              maxFeePerGas: toHex(maxFeePerGas),
              maxPriorityFeePerGas: '0x1',
            },
            entryPoint08Address,
            toHex(chainId),
            {},
          ],
        },
      })
    const stub = (await paymasterCall('pm_getPaymasterStubData', 1n)).json().result
    const gas = 780_000n + BigInt(stub.paymasterVerificationGasLimit)
    const share = (SPONSOR_ALL.budgetWei * BigInt(SPONSOR_ALL.clientSharePercent)) / 100n
    const all = await paymasterCall('pm_getPaymasterData', share / gas)
    expect(all.json().result, all.body).toBeDefined()
    const more = await paymasterCall('pm_getPaymasterData', share / gas - 1n)
    expect(more.json().error.data).toEqual({ reason: 'budget' })
    // The wallet's user, reaching the frame from that same address, is a client of its own.
    const user = await smartUser(server)
    const tx = [{ from: user.smart, to: freshAddress(), value: '0x0' }]
    const sent = await call(user, 'rpc', 'eth_sendTransaction', tx, 'latch-dev')
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().notice).toBeUndefined()
    expect(await paymasterOf(sent.json().result)).toBe(chain.contracts.latchPaymaster)
  })

  it('without the site named, nobody sponsors and nothing is said', async () => {
    await setPolicy(server.db, 'latch-dev', SPONSOR_ALL)
    const user = await smartUser(server)
    await anvil.setBalance({ address: user.smart, value: parseEther('1') })
    const sent = await call(user, 'rpc', 'eth_sendTransaction', [
      { from: user.smart, to: freshAddress(), value: '0x0' },
    ])
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().notice).toBeUndefined()
    expect(await paymasterOf(sent.json().result)).toBe('0x0000000000000000000000000000000000000000')
  })
})
