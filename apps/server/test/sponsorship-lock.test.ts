import { randomBytes } from 'node:crypto'
import { type Address, encodeFunctionData, type Hex, parseEther, parseGwei } from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SPONSORSHIP_CLIENT_SHARE_PERCENT } from '../src/paymaster/constants.ts'
import { setPolicy, sponsorshipTotals } from '../src/paymaster/store.ts'
import { ProjectStore } from '../src/projects.ts'
import {
  encodeLatchAccountCalls,
  latchAccountAddress,
  latchAccountFactoryAbi,
} from '../src/smartAccounts/latchAccount.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'
import { chainA } from './namesFixtures.ts'
import { freshOwner, throughServer } from './smartAccountFixtures.ts'

// One client trying to lock a project's sponsorship budget: many parallel pm_getPaymasterData
// calls for senders it made up (with and without the factory's data), each reserving a sixteenth
// of the day's budget (16 of them, signed, would leave no room for anyone). It holds no more than its share, and a visitor from elsewhere is still
// paid for. On PostgreSQL the calls are spread over two server instances on one database.

const FACTORY = chainA.contracts.latchAccountFactory as Address
const ATTACKER_IP = '198.51.100.23'
const EACH = 16
const madeUp = (): Address => privateKeyToAddress(generatePrivateKey())
const createAccount = (owner: Address): Hex =>
  encodeFunctionData({
    abi: latchAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner, 0n],
  })
const hex = (value: bigint) => `0x${value.toString(16)}`

const GAS = { callGasLimit: 100_000n, verificationGasLimit: 600_000n, preVerificationGas: 80_000n }
const MAX_FEE = parseGwei('76')

/** An operation of `sender` as viem's paymaster client sends it, with generous gas and fee. */
function attackOperation(sender: Address, factory?: { factory: Address; factoryData: Hex }) {
  return {
    sender,
    nonce: '0x0',
    ...factory,
    callData: encodeLatchAccountCalls([{ to: madeUp(), value: 0n }]),
    callGasLimit: hex(GAS.callGasLimit),
    verificationGasLimit: hex(GAS.verificationGasLimit),
    preVerificationGas: hex(GAS.preVerificationGas),
    maxFeePerGas: hex(MAX_FEE),
    maxPriorityFeePerGas: hex(parseGwei('1')),
  }
}

/** Senders without code and no factory, made-up senders with factory data, deployable ones. */
function attackOperations() {
  const noCode = Array.from({ length: EACH }, () => attackOperation(madeUp()))
  const wrongSender = Array.from({ length: EACH }, () =>
    attackOperation(madeUp(), { factory: FACTORY, factoryData: createAccount(madeUp()) }),
  )
  const deployable = Array.from({ length: EACH }, () => {
    const owner = madeUp()
    return attackOperation(latchAccountAddress({ factory: FACTORY, owner }), {
      factory: FACTORY,
      factoryData: createAccount(owner),
    })
  })
  return [...noCode, ...wrongSender, ...deployable]
}

describe.each(DIALECTS)('one client locking the sponsorship budget on %s', (dialect) => {
  let instances: TestServer[] = []
  let baseUrl: string
  beforeAll(async () => {
    const env = { RPC_RATE_LIMIT: '100000' }
    const first = await startTestServer(dialect, env)
    instances = [first]
    if (dialect === 'postgres')
      instances.push(await startTestServer(dialect, env, first.config.database))
    baseUrl = await first.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()))
  })

  it('holds at most its share of the budget, and a visitor from elsewhere is paid for right after', async () => {
    const [server] = instances as [TestServer]
    const projectId = `shop-${randomBytes(4).toString('hex')}`
    await new ProjectStore(server.db).upsert({ id: projectId, name: 'Shop', allowedOrigins: [] })
    const policy = {
      enabled: true,
      budgetWei: parseEther('1'),
      period: 'day' as const,
      allowedTargets: [],
      visitorDailyCapWei: null,
      clientSharePercent: SPONSORSHIP_CLIENT_SHARE_PERCENT,
    }
    await setPolicy(server.db, projectId, policy)
    const url = `/v1/paymaster?chainId=eip155:${chainA.chainId}&projectId=${projectId}`
    const params = (operation: object) => [
      operation,
      entryPoint08Address,
      hex(BigInt(chainA.chainId)),
      {},
    ]
    const operations = attackOperations()
    // The budget: sixteen times the most one deployable operation can cost, as its stub says.
    const stub = await server.app.inject({
      method: 'POST',
      url,
      payload: {
        jsonrpc: '2.0',
        id: 0,
        method: 'pm_getPaymasterStubData',
        params: params(operations[operations.length - 1] as object),
      },
    })
    const most =
      (GAS.callGasLimit +
        GAS.verificationGasLimit +
        GAS.preVerificationGas +
        BigInt(stub.json().result.paymasterVerificationGasLimit)) *
      MAX_FEE
    const budgetWei = most * BigInt(EACH)
    await setPolicy(server.db, projectId, { ...policy, budgetWei })
    const answers = await Promise.all(
      operations.map((operation, index) =>
        (instances[index % instances.length] as TestServer).app.inject({
          method: 'POST',
          url,
          remoteAddress: ATTACKER_IP,
          payload: {
            jsonrpc: '2.0',
            id: index,
            method: 'pm_getPaymasterData',
            params: params(operation),
          },
        }),
      ),
    )
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true)
    const signed = answers.filter((answer) => answer.json().result).length
    const { reservedWei } = await sponsorshipTotals(server.db, projectId)
    const heldPercent = Number((reservedWei * 10_000n) / budgetWei) / 100
    console.info(
      `Lock attack on ${dialect} (${instances.length} instance(s)): ${operations.length} parallel ` +
        `pm_getPaymasterData from one client (${EACH} senders without code, ${EACH} made-up ` +
        `senders with factory data, ${EACH} deployable accounts): ${signed} signed, holding ` +
        `${heldPercent}% of the day's budget`,
    )
    expect(reservedWei * 100n).toBeLessThanOrEqual(
      budgetWei * BigInt(SPONSORSHIP_CLIENT_SHARE_PERCENT),
    )
    // A sender that cannot validate is told why, in-band.
    expect(answers[0]?.json().error).toEqual({
      code: -32602,
      message: expect.stringContaining('has no code'),
    })

    // A visitor from another address, with a real LatchAccount, is still paid for.
    const kit = throughServer(baseUrl, chainA, projectId)
    const account = await kit.smartAccount(freshOwner())
    const bundler = kit.sponsoredBundler(account)
    const receipt = await bundler.waitForUserOperationReceipt({
      hash: await bundler.sendUserOperation({ calls: [{ to: madeUp(), value: 0n }] }),
    })
    expect(receipt).toMatchObject({
      success: true,
      paymaster: chainA.contracts.latchPaymaster,
    })
  })
})
