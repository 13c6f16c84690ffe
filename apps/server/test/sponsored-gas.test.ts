import { randomBytes } from 'node:crypto'
import { sponsorshipNotice } from '@latch/core'
import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroAddress,
} from 'viem'
import {
  createPaymasterClient,
  entryPoint08Abi,
  entryPoint08Address,
  formatUserOperationRequest,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createChainClients } from '../src/chains/clients.ts'
import { signPaymasterData } from '../src/paymaster/paymasterData.ts'
import type { SponsorshipPolicy } from '../src/paymaster/policy.ts'
import { SponsorshipSettler } from '../src/paymaster/settler.ts'
import { setPolicy, sponsorshipTotals } from '../src/paymaster/store.ts'
import { ProjectStore } from '../src/projects.ts'
import {
  encodeLatchAccountCalls,
  latchAccountFactoryAbi,
} from '../src/smartAccounts/latchAccount.ts'
import { compileFixture } from './accountFixtures.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'
import { chainA } from './namesFixtures.ts'
import { freshOwner, rawCall, throughServer, tokenOf } from './smartAccountFixtures.ts'

// Sponsored gas end to end on the devnet: LatchAccount's operations sent by viem's bundler client
// with the server's paymaster route as its ERC-7677 paymaster, through the bundler route to alto,
// each project paying under its own policy; what the paymaster paid is recorded from the chain.

const paymaster = chainA.contracts.latchPaymaster as Hex
const USDC = tokenOf(chainA, 'USDC')
const silent = { info: () => {}, warn: () => {} }

/** Who paid for a landed operation, as the EntryPoint's event says: zero for the account itself. */
function paymasterOf(receipt: { receipt: { logs: Parameters<typeof parseEventLogs>[0]['logs'] } }) {
  const [event] = parseEventLogs({
    abi: entryPoint08Abi,
    eventName: 'UserOperationEvent',
    logs: receipt.receipt.logs,
  })
  return event?.args.paymaster
}

/** How much of `owner`'s USDC `spender` may take, read from the chain. */
function usdcAllowance(kit: ReturnType<typeof throughServer>, owner: Hex, spender: Hex) {
  return kit.client.readContract({
    address: USDC,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender],
  })
}

/** The error a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('it did not fail')
}

function sponsorshipTest(server: () => TestServer, baseUrl: () => string) {
  /** A project of its own, paying under `policy`: no other test's spending counts against it. */
  async function sponsoringProject(policy: Partial<SponsorshipPolicy> = {}) {
    const id = `shop-${randomBytes(4).toString('hex')}`
    const { db } = server()
    await new ProjectStore(db).upsert({ id, name: 'Example Shop', allowedOrigins: [] })
    const full: SponsorshipPolicy = {
      enabled: true,
      budgetWei: parseEther('1'),
      period: 'day',
      allowedTargets: [],
      visitorDailyCapWei: null,
      clientSharePercent: 10,
      ...policy,
    }
    await setPolicy(db, id, full)
    return {
      id,
      kit: throughServer(baseUrl(), chainA, id),
      totals: () => sponsorshipTotals(db, id),
      setPolicy: (change: Partial<SponsorshipPolicy>) => setPolicy(db, id, { ...full, ...change }),
      /** Waits until the server has recorded `count` landed sponsorships of this project. */
      spent: (count: number) =>
        vi.waitFor(
          async () => {
            const totals = await sponsorshipTotals(db, id)
            expect(totals.spentCount).toBe(count)
            return totals
          },
          { timeout: 10_000, interval: 50 },
        ),
    }
  }
  return sponsoringProject
}

describe('sponsored gas through the server', () => {
  let server: TestServer
  let baseUrl: string
  beforeAll(async () => {
    server = await startTestServer('pglite', { RPC_RATE_LIMIT: '100000' })
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
  })
  const sponsoringProject = sponsorshipTest(
    () => server,
    () => baseUrl,
  )

  it('pays for a first operation that deploys an account holding no ether, and records what it cost once', async () => {
    const shop = await sponsoringProject()
    const account = await shop.kit.smartAccount()
    expect(await shop.kit.client.getBalance({ address: account.address })).toBe(0n)
    const recipient = freshOwner().address
    const bundler = shop.kit.sponsoredBundler(account)
    const hash = await bundler.sendUserOperation({
      calls: [{ to: recipient, value: 0n, data: '0x1234' }],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(paymaster)
    expect(await account.isDeployed()).toBe(true)
    // The account still holds nothing: the paymaster's deposit paid for the operation.
    expect(await shop.kit.client.getBalance({ address: account.address })).toBe(0n)
    const [deployed] = parseEventLogs({
      abi: entryPoint08Abi,
      eventName: 'AccountDeployed',
      logs: receipt.receipt.logs,
    })
    expect(deployed?.args).toMatchObject({ sender: account.address, paymaster })

    // The server recorded what the EntryPoint charged, and nothing is reserved any more.
    const totals = await shop.spent(1)
    expect(totals).toEqual({ reservedWei: 0n, spentWei: receipt.actualGasCost, spentCount: 1 })
    // Other instances (and retries) seeing the same operation count nothing again.
    const chains = createChainClients(server.config.chains, { timeoutMs: 5_000 })
    const settlers = Array.from(
      { length: 3 },
      () =>
        new SponsorshipSettler({
          db: server.db,
          chains: [chains.get(chainA.chainId) as NonNullable<ReturnType<typeof chains.get>>],
          log: silent,
        }),
    )
    const results = await Promise.all(settlers.map((settler) => settler.settle()))
    expect(results.reduce((sum, result) => sum + result.recorded, 0)).toBe(0)
    expect(await shop.totals()).toEqual(totals)
  })

  it("names the project as the sponsor in the stub, and keeps the stub's gas limits when it signs", async () => {
    const shop = await sponsoringProject()
    const account = await shop.kit.smartAccount()
    const operation = await shop.kit.bundler(account).prepareUserOperation({
      calls: [{ to: freshOwner().address, value: 0n }],
      callGasLimit: 100_000n,
      verificationGasLimit: 600_000n,
      preVerificationGas: 80_000n,
      maxFeePerGas: parseUnits('3', 9),
      maxPriorityFeePerGas: parseUnits('1', 9),
    })
    const client = createPaymasterClient({ transport: http(shop.kit.paymasterUrl) })
    const request = {
      ...operation,
      chainId: chainA.chainId,
      entryPointAddress: entryPoint08Address,
    }
    const stub = await client.getPaymasterStubData(request)
    expect(stub).toMatchObject({
      sponsor: { name: 'Example Shop' },
      paymaster,
      isFinal: false,
      paymasterPostOpGasLimit: 0n,
    })
    expect(stub.paymasterVerificationGasLimit).toBeGreaterThan(40_000n)
    const data = await client.getPaymasterData({ ...request, ...stub })
    expect(data).toMatchObject({
      paymaster,
      paymasterVerificationGasLimit: stub.paymasterVerificationGasLimit,
    })
    // Signed: 6 + 6 bytes of window and a 65-byte signature, unlike the stub's.
    expect(data.paymasterData).toHaveLength(2 + 2 * (12 + 65))
    expect(data.paymasterData).not.toBe(stub.paymasterData)
    // It is reserved at its most until it lands or expires.
    const gas = 100_000n + 600_000n + 80_000n + (stub.paymasterVerificationGasLimit ?? 0n)
    expect((await shop.totals()).reservedWei).toBe(gas * parseUnits('3', 9))
  })

  it("pays within the visitor's daily cap, refuses past it with the reason, and the same operation lands self-paid", async () => {
    const shop = await sponsoringProject()
    const account = await shop.kit.smartAccount()
    const sponsored = shop.kit.sponsoredBundler(account)
    const first = await sponsored.waitForUserOperationReceipt({
      hash: await sponsored.sendUserOperation({ calls: [{ to: account.address, value: 0n }] }),
    })
    expect(first.paymaster).toBe(paymaster)
    const { spentWei } = await shop.spent(1)
    // The visitor's cap is what it has used and one wei: no further operation fits.
    await shop.setPolicy({ visitorDailyCapWei: spentWei + 1n })
    const recipient = freshOwner().address
    const calls = [{ to: recipient, value: 0n, data: '0xabcd' as Hex }]
    const refused = await rejection(sponsored.sendUserOperation({ calls }))
    expect(sponsorshipNotice(refused)).toBe(
      "This site is not paying for this transaction: you have reached today's limit of sponsored network fees. You pay the network fee.",
    )
    // The kit falls back: the visitor pays the fee (and the value) from the account.
    await shop.kit.fund(account.address, '1')
    const selfPaid = shop.kit.bundler(account)
    const second = await selfPaid.waitForUserOperationReceipt({
      hash: await selfPaid.sendUserOperation({ calls }),
    })
    expect(second.success).toBe(true)
    expect(paymasterOf(second)).toBe(zeroAddress)
    // What the account paid up front, less its refund (kept as its deposit in the EntryPoint).
    const [balance, deposit] = await Promise.all([
      shop.kit.client.getBalance({ address: account.address }),
      shop.kit.client.readContract({
        address: entryPoint08Address,
        abi: entryPoint08Abi,
        functionName: 'balanceOf',
        args: [account.address],
      }),
    ])
    expect(balance + deposit).toBe(parseEther('1') - second.actualGasCost)
    // Nothing more was reserved or spent for the refused one.
    expect(await shop.totals()).toEqual({ reservedWei: 0n, spentWei, spentCount: 1 })
  })

  it("refuses any visitor once the project's budget is used up, and their operation lands self-paid", async () => {
    const shop = await sponsoringProject()
    const first = await shop.kit.smartAccount()
    const bundler = shop.kit.sponsoredBundler(first)
    await bundler.waitForUserOperationReceipt({
      hash: await bundler.sendUserOperation({ calls: [{ to: first.address, value: 0n }] }),
    })
    const { spentWei } = await shop.spent(1)
    await shop.setPolicy({ budgetWei: spentWei + 1n })
    // Another visitor, nowhere near any cap of its own.
    const next = await shop.kit.smartAccount()
    const calls = [{ to: freshOwner().address, value: 0n }]
    const refused = await rejection(shop.kit.sponsoredBundler(next).sendUserOperation({ calls }))
    expect(sponsorshipNotice(refused)).toBe(
      'This site is not paying for this transaction: its budget for network fees is used up for now. You pay the network fee.',
    )
    await shop.kit.fund(next.address, '1')
    const selfPaid = shop.kit.bundler(next)
    const receipt = await selfPaid.waitForUserOperationReceipt({
      hash: await selfPaid.sendUserOperation({ calls }),
    })
    expect(receipt.success).toBe(true)
    expect(paymasterOf(receipt)).toBe(zeroAddress)
    expect(await next.isDeployed()).toBe(true)
  })

  it('pays calls to the allowed contracts only', async () => {
    const shop = await sponsoringProject({ allowedTargets: [USDC.toLowerCase() as Hex] })
    const account = await shop.kit.smartAccount()
    const bundler = shop.kit.sponsoredBundler(account)
    // A plain transfer to someone, and a batch with one call outside the list: refused.
    for (const calls of [
      [{ to: freshOwner().address, value: 0n }],
      [
        {
          to: USDC,
          abi: erc20Abi,
          functionName: 'approve',
          args: [freshOwner().address, 1n],
        } as const,
        { to: freshOwner().address, value: 0n },
      ],
    ]) {
      const refused = await rejection(bundler.sendUserOperation({ calls }))
      expect(sponsorshipNotice(refused)).toBe(
        'This site is not paying for this transaction: it only pays for calls to its own contracts. You pay the network fee.',
      )
    }
    // A call to the allowed token is paid for.
    const spender = freshOwner().address
    const receipt = await bundler.waitForUserOperationReceipt({
      hash: await bundler.sendUserOperation({
        calls: [{ to: USDC, abi: erc20Abi, functionName: 'approve', args: [spender, 5n] }],
      }),
    })
    expect(receipt).toMatchObject({ success: true, paymaster })
    expect(await usdcAllowance(shop.kit, account.address, spender)).toBe(5n)
  })

  it("pays only the account factory's LatchAccounts: an account of one's own whose execute calls another token is refused", async () => {
    const shop = await sponsoringProject({ allowedTargets: [USDC.toLowerCase() as Hex] })
    const factory = chainA.contracts.latchAccountFactory
    const spender = freshOwner().address
    const approveUsdc = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, 5n],
    })
    // The test's own account: it validates anything, and its execute approves WETH instead.
    const deployer = freshOwner()
    await shop.kit.fund(deployer.address, '1')
    const { PermissiveAccount } = compileFixture('PermissiveAccount.sol')
    const wallet = createWalletClient({
      account: deployer,
      chain: shop.kit.chain,
      transport: http(chainA.rpcUrl),
    })
    const deployed = await shop.kit.client.waitForTransactionReceipt({
      hash: await wallet.deployContract({
        abi: PermissiveAccount?.abi ?? [],
        bytecode: PermissiveAccount?.bytecode ?? '0x',
        args: [tokenOf(chainA, 'WETH'), spender],
      }),
    })
    const own = getAddress(deployed.contractAddress as Hex)
    const operation = {
      sender: own,
      nonce: 0n,
      // What the allowlist reads: one call to the allowed token.
      callData: encodeLatchAccountCalls([{ to: USDC, data: approveUsdc }]),
      callGasLimit: 100_000n,
      verificationGasLimit: 300_000n,
      preVerificationGas: 80_000n,
      maxFeePerGas: parseUnits('3', 9),
      maxPriorityFeePerGas: parseUnits('1', 9),
    }
    const chainHex = `0x${chainA.chainId.toString(16)}`
    const refused = await rawCall(shop.kit.paymasterUrl, 'pm_getPaymasterData', [
      operation,
      entryPoint08Address,
      chainHex,
    ])
    expect(refused.body.error).toEqual({
      code: -32602,
      message: `The sender ${own} is not a LatchAccount of eip155:${chainA.chainId}'s account factory ${factory}: only those are sponsored`,
    })

    // A LatchAccount's operation naming the same call is paid for, and does what it names.
    const owner = freshOwner()
    const account = await shop.kit.smartAccount(owner)
    const bundler = shop.kit.sponsoredBundler(account)
    const receipt = await bundler.waitForUserOperationReceipt({
      hash: await bundler.sendUserOperation({ calls: [{ to: USDC, data: approveUsdc }] }),
    })
    expect(receipt).toMatchObject({ success: true, paymaster })
    expect(await usdcAllowance(shop.kit, account.address, spender)).toBe(5n)
    // Deployed now: an operation that would deploy it again cannot be validated.
    const again = await rawCall(shop.kit.paymasterUrl, 'pm_getPaymasterData', [
      {
        ...operation,
        sender: account.address,
        nonce: 1n,
        factory,
        factoryData: encodeFunctionData({
          abi: latchAccountFactoryAbi,
          functionName: 'createAccount',
          args: [owner.address, 0n],
        }),
      },
      entryPoint08Address,
      chainHex,
    ])
    expect(again.body.error).toEqual({
      code: -32602,
      message: `The sender ${account.address} is deployed already: an operation with a factory cannot be validated`,
    })
    // Only the landed one was ever reserved.
    expect(await shop.spent(1)).toMatchObject({ reservedWei: 0n, spentWei: receipt.actualGasCost })
  })

  it('says so when the project sponsors nothing, and pays for nothing', async () => {
    const shop = await sponsoringProject({ enabled: false })
    const account = await shop.kit.smartAccount()
    const refused = await rejection(
      shop.kit.sponsoredBundler(account).sendUserOperation({
        calls: [{ to: account.address, value: 0n }],
      }),
    )
    expect(sponsorshipNotice(refused)).toBe(
      'This site is not paying for this transaction: it does not sponsor network fees. You pay the network fee.',
    )
    expect(await shop.totals()).toEqual({ reservedWei: 0n, spentWei: 0n, spentCount: 0 })
  })

  it('has the bundler refuse an operation whose paymaster data another key signed: AA34', async () => {
    const shop = await sponsoringProject()
    const account = await shop.kit.smartAccount()
    const prepared = await shop.kit.sponsoredBundler(account).prepareUserOperation({
      calls: [{ to: account.address, value: 0n }],
    })
    const forged = {
      ...prepared,
      paymasterData: await signPaymasterData({
        signer: privateKeyToAccount(generatePrivateKey()),
        chainId: chainA.chainId,
        paymaster,
        operation: prepared as Parameters<typeof signPaymasterData>[0]['operation'],
        window: { validAfter: 0, validUntil: Math.floor(Date.now() / 1000) + 600 },
      }),
    }
    const signed = { ...forged, signature: await account.signUserOperation(forged) }
    const { status, body } = await rawCall(shop.kit.bundlerUrl, 'eth_sendUserOperation', [
      formatUserOperationRequest(signed),
      entryPoint08Address,
    ])
    expect(status).toBe(200)
    expect(body.error?.message).toMatch(/\bAA34\b/)
    expect(await account.isDeployed()).toBe(false)
  })
})

describe.each(DIALECTS)('sponsorships at the edge of the budget on %s', (dialect) => {
  let server: TestServer
  let baseUrl: string
  beforeAll(async () => {
    server = await startTestServer(dialect, { RPC_RATE_LIMIT: '100000' })
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
  })
  const sponsoringProject = sponsorshipTest(
    () => server,
    () => baseUrl,
  )

  it('signs only one of two parallel requests that each fit the budget but not together', async () => {
    const shop = await sponsoringProject()
    const client = createPaymasterClient({ transport: http(shop.kit.paymasterUrl) })
    const fees = { maxFeePerGas: parseUnits('3', 9), maxPriorityFeePerGas: parseUnits('1', 9) }
    const gas = {
      callGasLimit: 100_000n,
      verificationGasLimit: 600_000n,
      preVerificationGas: 80_000n,
    }
    const requests = await Promise.all(
      [0, 1].map(async () => {
        const account = await shop.kit.smartAccount()
        const operation = await shop.kit.bundler(account).prepareUserOperation({
          calls: [{ to: freshOwner().address, value: 0n }],
          ...gas,
          ...fees,
        })
        return {
          account,
          request: {
            ...operation,
            chainId: chainA.chainId,
            entryPointAddress: entryPoint08Address,
          },
        }
      }),
    )
    const stubs = await Promise.all(
      requests.map(({ request }) => client.getPaymasterStubData(request)),
    )
    // Both have the same shape: one's most fits the budget, two do not.
    const [most] = stubs.map(
      (stub) =>
        (gas.callGasLimit +
          gas.verificationGasLimit +
          gas.preVerificationGas +
          (stub.paymasterVerificationGasLimit ?? 0n)) *
        fees.maxFeePerGas,
    )
    // One client may hold the whole budget here: the race is between the two requests.
    await shop.setPolicy({ budgetWei: (most ?? 0n) * 2n - 1n, clientSharePercent: 100 })
    const answers = await Promise.allSettled(
      requests.map(({ request }, index) =>
        client.getPaymasterData({ ...request, ...stubs[index] }),
      ),
    )
    const signed = answers.filter((answer) => answer.status === 'fulfilled')
    const refused = answers.filter((answer) => answer.status === 'rejected')
    expect(signed).toHaveLength(1)
    expect(refused).toHaveLength(1)
    expect(sponsorshipNotice((refused[0] as PromiseRejectedResult).reason)).toBe(
      'This site is not paying for this transaction: its budget for network fees is used up for now. You pay the network fee.',
    )
    expect(await shop.totals()).toEqual({ reservedWei: most, spentWei: 0n, spentCount: 0 })

    // The signed one lands, and its reservation becomes what it cost.
    const index = answers.indexOf(signed[0] as (typeof answers)[number])
    const { account, request } = requests[index] as (typeof requests)[number]
    const paid = {
      ...request,
      ...stubs[index],
      ...(signed[0] as PromiseFulfilledResult<object>).value,
    }
    const operation = { ...paid, signature: await account.signUserOperation(paid as never) }
    const bundler = shop.kit.bundler(account)
    const hash = await bundler.sendUserOperation(operation as never)
    const receipt = await bundler.waitForUserOperationReceipt({ hash })
    expect(receipt).toMatchObject({ success: true, paymaster })
    expect(await shop.spent(1)).toEqual({
      reservedWei: 0n,
      spentWei: receipt.actualGasCost,
      spentCount: 1,
    })
  })
})
