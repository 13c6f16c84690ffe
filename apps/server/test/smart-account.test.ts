import { formatSiweMessage } from '@latch/protocol/siwx'
import { decodeEventLog, erc20Abi, type Hex, parseEther, parseEventLogs, parseUnits } from 'viem'
import {
  entryPoint08Abi,
  formatUserOperationRequest,
  type UserOperation,
} from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  decodeLatchAccountCalls,
  latchAccountAddress,
  latchAccountFactoryAbi,
} from '../src/smartAccounts/latchAccount.ts'
import { DEMO_ORIGIN, startTestServer, type TestServer } from './helpers.ts'
import { chainA, freshLabel, namesApi, nowSeconds, signedBody, ZONE } from './namesFixtures.ts'
import { freshOwner, rawCall, throughServer, tokenOf } from './smartAccountFixtures.ts'

// Smart accounts end to end on the devnet: LatchAccount (OpenZeppelin's ERC-7579 account) on
// EntryPoint v0.8, its user operations sent by viem's bundler client through the server's
// bundler route to alto, its reads through the gateway, its signatures checked by the server's
// sign-in and names routes.

const devnet = inject('devnet')
const USDC = tokenOf(chainA, 'USDC')
const entryPoint = chainA.contracts.entryPoint

describe('smart accounts through the server', () => {
  let server: TestServer
  let kit: ReturnType<typeof throughServer>
  beforeAll(async () => {
    server = await startTestServer('pglite', { RPC_RATE_LIMIT: '100000' })
    kit = throughServer(await server.app.listen({ port: 0, host: '127.0.0.1' }), chainA)
  })
  afterAll(async () => {
    await server?.close()
  })

  it("computes an account's address before it exists, as the factory does", async () => {
    const owner = freshOwner()
    const account = await kit.smartAccount(owner)
    for (const salt of [0n, 1n, 2n ** 200n]) {
      const fromFactory = await kit.client.readContract({
        address: chainA.contracts.latchAccountFactory,
        abi: latchAccountFactoryAbi,
        functionName: 'getAddress',
        args: [owner.address, salt],
      })
      const computed = latchAccountAddress({
        factory: chainA.contracts.latchAccountFactory,
        owner: owner.address,
        salt,
      })
      expect(computed).toBe(fromFactory)
      if (salt === 0n) expect(account.address).toBe(fromFactory)
    }
    expect(await account.isDeployed()).toBe(false)
  })

  it('deploys the account with its first user operation, which moves its ether', async () => {
    const account = await kit.smartAccount()
    // It receives ether before it exists.
    await kit.fund(account.address, '1')
    const recipient = freshOwner().address
    const bundler = kit.bundler(account)
    const hash = await bundler.sendUserOperation({
      calls: [{ to: recipient, value: parseEther('0.25') }],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account.address)
    expect(await kit.client.getBalance({ address: recipient })).toBe(parseEther('0.25'))
    expect(await account.isDeployed()).toBe(true)
    // The EntryPoint created it through the factory, in that same operation.
    const [deployed] = parseEventLogs({
      abi: entryPoint08Abi,
      eventName: 'AccountDeployed',
      logs: receipt.receipt.logs,
    })
    expect(deployed?.args).toMatchObject({
      userOpHash: hash,
      sender: account.address,
      factory: chainA.contracts.latchAccountFactory,
    })
    // The operation reads back through the route, with the calls it carried.
    const byHash = await bundler.getUserOperation({ hash })
    expect(byHash.entryPoint).toBe(entryPoint)
    expect(decodeLatchAccountCalls(byHash.userOperation.callData)).toEqual([
      { to: recipient, value: parseEther('0.25'), data: '0x' },
    ])
    // The fee came out of the account: it holds less than the 0.75 ether it kept.
    const left = await kit.client.getBalance({ address: account.address })
    expect(left).toBeLessThan(parseEther('0.75'))
    expect(left).toBeGreaterThan(parseEther('0.7'))
  })

  it('lands an ERC-20 approve and transfer as one user operation', async () => {
    const account = await kit.smartAccount()
    await kit.fund(account.address, '1')
    // Tokens bought for it before it exists.
    const bought = await kit.buyUsdc(account.address)
    expect(bought).toBeGreaterThan(parseUnits('100', 6))
    const [spender, recipient] = [freshOwner().address, freshOwner().address]
    const bundler = kit.bundler(account)
    const hash = await bundler.sendUserOperation({
      calls: [
        {
          to: USDC,
          abi: erc20Abi,
          functionName: 'approve',
          args: [spender, parseUnits('100', 6)],
        },
        {
          to: USDC,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [recipient, parseUnits('50', 6)],
        },
      ],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    const read = (functionName: 'allowance' | 'balanceOf', args: readonly Hex[]) =>
      kit.client.readContract({ address: USDC, abi: erc20Abi, functionName, args } as never)
    expect(await read('allowance', [account.address, spender])).toBe(parseUnits('100', 6))
    expect(await read('balanceOf', [recipient])).toBe(parseUnits('50', 6))
    // One operation: both token events in its receipt, one UserOperationEvent in its transaction.
    const tokenEvents = parseEventLogs({ abi: erc20Abi, logs: receipt.logs })
    expect(tokenEvents.map((event) => event.eventName).sort()).toEqual(['Approval', 'Transfer'])
    const operations = receipt.receipt.logs.flatMap((log) => {
      try {
        const event = decodeEventLog({ abi: entryPoint08Abi, ...log })
        return event.eventName === 'UserOperationEvent' ? [event.args] : []
      } catch {
        return []
      }
    })
    expect(operations).toEqual([expect.objectContaining({ userOpHash: hash, success: true })])
  })

  it("leaves the chain's suggested tip where it was after a run of user operations", async () => {
    // Clients offer twice the suggested tip; a bundler that bid its operations' fees made the
    // suggestion double with each bundle on the devnet, where its bundles are most of the traffic.
    const tip = () => kit.client.request({ method: 'eth_maxPriorityFeePerGas' }).then(BigInt)
    const before = await tip()
    const account = await kit.smartAccount()
    await kit.fund(account.address, '1')
    const bundler = kit.bundler(account)
    for (let run = 0; run < 4; run++) {
      const hash = await bundler.sendUserOperation({ calls: [{ to: account.address, value: 0n }] })
      expect((await bundler.waitForUserOperationReceipt({ hash })).success).toBe(true)
    }
    expect(await tip()).toBeLessThan(before * 2n)
  })

  describe('signatures the server checks', () => {
    const siwx = async (address: Hex, sign: (text: string) => Promise<Hex>) => {
      const nonce = (
        await server.app.inject({
          method: 'GET',
          url: '/auth/v1/siwx/nonce?projectId=latch-dev',
          headers: { origin: DEMO_ORIGIN },
        })
      ).json().nonce
      const text = formatSiweMessage({
        domain: new URL(DEMO_ORIGIN).host,
        address,
        statement: 'Sign in to the Latch demo',
        uri: `${DEMO_ORIGIN}/`,
        version: '1',
        chainId: chainA.chainId,
        nonce,
        issuedAt: new Date().toISOString(),
      })
      return server.app.inject({
        method: 'POST',
        url: '/auth/v1/siwx/verify?projectId=latch-dev',
        headers: { origin: DEMO_ORIGIN },
        payload: { message: text, signature: await sign(text) },
      })
    }

    it("signs in a deployed account with its owner's ERC-1271 signature", async () => {
      const account = await kit.smartAccount()
      await kit.fund(account.address)
      const bundler = kit.bundler(account)
      await bundler.waitForUserOperationReceipt({
        hash: await bundler.sendUserOperation({ calls: [{ to: account.address, value: 0n }] }),
      })
      expect(await account.isDeployed()).toBe(true)
      const response = await siwx(account.address, (message) => account.signMessage({ message }))
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().session.address).toBe(account.address)
      // The owner's own plain signature is not the account's.
      const owner = freshOwner()
      const refused = await siwx(account.address, (message) => owner.signMessage({ message }))
      expect(refused.statusCode).toBe(401)
    })

    it('signs in and registers a name for an account not deployed yet (ERC-6492)', async () => {
      const owner = freshOwner()
      const account = await kit.smartAccount(owner, 5n)
      const signed = await siwx(account.address, (message) => account.signMessage({ message }))
      expect(signed.statusCode, signed.body).toBe(200)
      expect(signed.json().session.address).toBe(account.address)

      const name = `${freshLabel()}.${ZONE}`
      const body = await signedBody(
        owner,
        { name, attributes: {}, timestamp: nowSeconds() },
        { address: account.address, signWith: account },
      )
      const registered = await namesApi(server).register(body)
      expect(registered.statusCode, registered.body).toBe(200)
      // Verifying deployed nothing: the account is still a counterfactual address.
      expect(await account.isDeployed()).toBe(false)
    })
  })

  describe("the bundler's refusals, passed through the route", () => {
    /** A signed operation of `account`, with gas limits given so nothing is estimated. */
    async function signedOperation(
      account: Awaited<ReturnType<typeof kit.smartAccount>>,
      change: Partial<UserOperation<'0.8'>> = {},
    ) {
      const prepared = await kit.bundler(account).prepareUserOperation({
        calls: [{ to: freshOwner().address, value: 1n }],
        callGasLimit: 100_000n,
        verificationGasLimit: 600_000n,
        preVerificationGas: 80_000n,
        maxFeePerGas: parseUnits('3', 9),
        maxPriorityFeePerGas: parseUnits('1', 9),
      })
      const operation = { ...prepared, ...change }
      return { ...operation, signature: await account.signUserOperation(operation) }
    }
    const send = (operation: Parameters<typeof formatUserOperationRequest>[0]) =>
      rawCall(kit.bundlerUrl, 'eth_sendUserOperation', [
        formatUserOperationRequest(operation),
        entryPoint,
      ])

    it('an account that cannot pay its fee: AA21, in-band', async () => {
      const account = await kit.smartAccount()
      const { status, body } = await send(await signedOperation(account))
      expect(status).toBe(200)
      expect(body.error?.message).toMatch(/\bAA21\b/)
      expect(await account.isDeployed()).toBe(false)
    })

    it('an operation out of nonce order: AA25, in-band', async () => {
      const account = await kit.smartAccount()
      await kit.fund(account.address)
      const bundler = kit.bundler(account)
      await bundler.waitForUserOperationReceipt({
        hash: await bundler.sendUserOperation({ calls: [{ to: account.address, value: 0n }] }),
      })
      // Nonce 0 is spent, and 5 is not next.
      for (const nonce of [0n, 5n]) {
        const { status, body } = await send(await signedOperation(account, { nonce }))
        expect(status).toBe(200)
        expect(body.error?.message).toMatch(/\bAA25\b/)
      }
    })

    it("another key's signature: AA24, in-band", async () => {
      const account = await kit.smartAccount()
      await kit.fund(account.address)
      const operation = await signedOperation(account)
      const forged = await (await kit.smartAccount()).signUserOperation(operation)
      const { status, body } = await send({ ...operation, signature: forged })
      expect(status).toBe(200)
      expect(body.error?.message).toMatch(/\bAA24\b/)
    })
  })

  it('lists the chains with a bundler among the supported chains', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/v1/supported-chains?projectId=latch-dev',
    })
    expect(response.json().bundler).toEqual(devnet.chains.map((chain) => `eip155:${chain.chainId}`))
  })
})
