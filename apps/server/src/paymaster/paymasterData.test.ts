import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
  parseEventLogs,
  parseUnits,
} from 'viem'
import {
  entryPoint08Abi,
  entryPoint08Address,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { toLatchSmartAccount } from '../smartAccounts/latchAccount.ts'
import {
  decodePaymasterData,
  encodePaymasterData,
  maxCostOf,
  type SponsoredOperation,
  signPaymasterData,
  stubPaymasterData,
  type ValidityWindow,
} from './paymasterData.ts'

// What the server signs, LatchPaymaster (OpenZeppelin's PaymasterSigner) accepts on the devnet's
// EntryPoint v0.8, and nothing else: another key's signature, an operation changed after signing
// and a window gone by are refused by the EntryPoint itself (handleOps sent by a plain account,
// no bundler in between).

const devnet = inject('devnet')
const devnetChain = devnet.chains[0] as (typeof devnet.chains)[number]
const chain = defineChain({
  id: devnetChain.chainId,
  name: devnetChain.name,
  nativeCurrency: devnetChain.nativeCurrency,
  rpcUrls: { default: { http: [devnetChain.rpcUrl] } },
})
const client = createPublicClient({ chain, transport: http() })
const testClient = createTestClient({ chain, mode: 'anvil', transport: http() })
const paymaster = devnetChain.contracts.latchPaymaster as Hex
const serverKey = privateKeyToAccount(devnet.paymaster?.signer.privateKey as Hex)
const PAYMASTER_GAS = 80_000n

const now = () => Math.floor(Date.now() / 1000)
const window = (): ValidityWindow => ({ validAfter: 0, validUntil: now() + 600 })

/** A fresh account's first operation (it deploys the account), its gas given, not signed. */
async function firstOperation() {
  const account = await toLatchSmartAccount({
    client,
    owner: privateKeyToAccount(generatePrivateKey()),
    factory: devnetChain.contracts.latchAccountFactory,
  })
  const { factory, factoryData } = await account.getFactoryArgs()
  const operation: SponsoredOperation = {
    sender: account.address,
    nonce: 0n,
    factory,
    factoryData,
    callData: await account.encodeCalls([{ to: account.address, value: 0n }]),
    callGasLimit: 100_000n,
    verificationGasLimit: 600_000n,
    preVerificationGas: 80_000n,
    maxFeePerGas: parseUnits('3', 9),
    maxPriorityFeePerGas: parseUnits('1', 9),
    paymasterVerificationGasLimit: PAYMASTER_GAS,
    paymasterPostOpGasLimit: 0n,
  }
  return { account, operation }
}

/** The operation with its paymaster fields, signed by its account. */
async function sendable(
  { account, operation }: Awaited<ReturnType<typeof firstOperation>>,
  paymasterData: Hex,
  change: Partial<SponsoredOperation> = {},
): Promise<UserOperation<'0.8'>> {
  const full = { ...operation, ...change, paymaster, paymasterData, signature: '0x' as Hex }
  return { ...full, signature: await account.signUserOperation(full) }
}

/** A plain account with ether, standing in for a bundler: it calls handleOps itself. */
async function beneficiary() {
  const key = privateKeyToAccount(generatePrivateKey())
  await testClient.setBalance({ address: key.address, value: parseEther('1') })
  return key
}

/** The FailedOp reason handleOps reverts with, or undefined when it would go through. */
async function handleOpsRefusal(operation: UserOperation<'0.8'>): Promise<string | undefined> {
  const account = await beneficiary()
  try {
    await client.simulateContract({
      account,
      address: entryPoint08Address,
      abi: entryPoint08Abi,
      functionName: 'handleOps',
      args: [[toPackedUserOperation(operation)], account.address],
    })
    return undefined
  } catch (error) {
    const reverted =
      error instanceof BaseError
        ? error.walk((cause) => cause instanceof ContractFunctionRevertedError)
        : undefined
    if (reverted instanceof ContractFunctionRevertedError) {
      return `${reverted.data?.errorName}: ${String(reverted.data?.args?.at(-1))}`
    }
    throw error
  }
}

describe('LatchPaymaster and the server signature', () => {
  it('pays for an operation the server key signed: it deploys an account that holds no ether', async () => {
    const first = await firstOperation()
    const paymasterData = await signPaymasterData({
      signer: serverKey,
      chainId: chain.id,
      paymaster,
      operation: first.operation,
      window: window(),
    })
    const operation = await sendable(first, paymasterData)
    expect(await handleOpsRefusal(operation)).toBeUndefined()

    const sender = await beneficiary()
    const depositBefore = await client.readContract({
      address: entryPoint08Address,
      abi: entryPoint08Abi,
      functionName: 'balanceOf',
      args: [paymaster],
    })
    const wallet = createWalletClient({ account: sender, chain, transport: http() })
    const receipt = await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: entryPoint08Address,
        abi: entryPoint08Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation(operation)], sender.address],
      }),
    })
    const [event] = parseEventLogs({
      abi: entryPoint08Abi,
      eventName: 'UserOperationEvent',
      logs: receipt.logs,
    })
    expect(event?.args).toMatchObject({ sender: first.account.address, paymaster, success: true })
    expect(await client.getBalance({ address: first.account.address })).toBe(0n)
    expect(await first.account.isDeployed()).toBe(true)
    // The paymaster's deposit paid exactly what the event says, within the most it could cost.
    const depositAfter = await client.readContract({
      address: entryPoint08Address,
      abi: entryPoint08Abi,
      functionName: 'balanceOf',
      args: [paymaster],
    })
    const charged = event?.args.actualGasCost ?? 0n
    expect(depositBefore - depositAfter).toBe(charged)
    expect(charged).toBeGreaterThan(0n)
    expect(charged).toBeLessThanOrEqual(maxCostOf(first.operation))
  })

  it('refuses paymaster data signed by another key: AA34, from the EntryPoint', async () => {
    const first = await firstOperation()
    const forged = await signPaymasterData({
      signer: privateKeyToAccount(generatePrivateKey()),
      chainId: chain.id,
      paymaster,
      operation: first.operation,
      window: window(),
    })
    expect(await handleOpsRefusal(await sendable(first, forged))).toBe(
      'FailedOp: AA34 signature error',
    )
    // The stub the service hands out for estimating gas is refused the same way.
    expect(await handleOpsRefusal(await sendable(first, stubPaymasterData(window())))).toBe(
      'FailedOp: AA34 signature error',
    )
  })

  it('refuses an operation changed after the server signed it: AA34', async () => {
    const first = await firstOperation()
    const signed = await signPaymasterData({
      signer: serverKey,
      chainId: chain.id,
      paymaster,
      operation: first.operation,
      window: window(),
    })
    for (const change of [
      { callGasLimit: first.operation.callGasLimit * 10n },
      { maxFeePerGas: first.operation.maxFeePerGas * 2n },
      { paymasterVerificationGasLimit: PAYMASTER_GAS + 1n },
      { callData: await first.account.encodeCalls([{ to: serverKey.address, value: 0n }]) },
    ]) {
      expect(await handleOpsRefusal(await sendable(first, signed, change))).toBe(
        'FailedOp: AA34 signature error',
      )
    }
  })

  it('refuses a signature whose window has passed, or another chain: AA32 and AA34', async () => {
    const first = await firstOperation()
    const sign = (chainId: number, validity: ValidityWindow) =>
      signPaymasterData({
        signer: serverKey,
        chainId,
        paymaster,
        operation: first.operation,
        window: validity,
      })
    const expired = await sign(chain.id, { validAfter: 0, validUntil: now() - 60 })
    expect(await handleOpsRefusal(await sendable(first, expired))).toBe(
      'FailedOp: AA32 paymaster expired or not due',
    )
    const otherChain = await sign(chain.id + 1, window())
    expect(await handleOpsRefusal(await sendable(first, otherChain))).toBe(
      'FailedOp: AA34 signature error',
    )
  })

  it('writes and reads paymasterData as the contract lays it out', () => {
    const signature = `0x${'ab'.repeat(65)}` as Hex
    const data = encodePaymasterData({ validAfter: 5, validUntil: 1_900_000_000 }, signature)
    expect(data.length).toBe(2 + 2 * (12 + 65))
    expect(data.slice(0, 26)).toBe('0x0000000000050000713fb300')
    expect(decodePaymasterData(data)).toEqual({
      validAfter: 5,
      validUntil: 1_900_000_000,
      signature,
    })
  })
})
