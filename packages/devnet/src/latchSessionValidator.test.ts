import {
  encodeInstallSessionValidator,
  encodeSessionSignature,
  latchSessionValidatorAbi,
  type OnChainSession,
  sessionNonceKey,
} from '@latch/protocol/smart-sessions'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  type Hex,
  http,
  pad,
  parseAbi,
  parseEther,
  toFunctionSelector,
  toHex,
  zeroHash,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type AnvilInstance, findFreePort, startAnvil } from './anvil.ts'
import { DEVNET_MNEMONIC } from './constants.ts'
import { loadDeployment } from './deployment.ts'
import { executeDeployment } from './execute.ts'
import type { Deployment } from './types.ts'

// LatchSessionValidator line by line, on a chain of this file's own (the whole devnet deployment
// on a private anvil), so it can move the clock freely: days pass here, not on the shared devnet.
// User operations go to EntryPoint.handleOps from a plain account, as a bundler would send them:
// what is refused here is refused by the chain.

const CHAIN_ID = 31_399
const DAY = 86_400
const USDC_UNIT = 1_000_000n

const entryPointAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function handleOps(PackedUserOperation[] ops, address beneficiary)',
  'function getUserOpHash(PackedUserOperation userOp) view returns (bytes32)',
  'function getNonce(address sender, uint192 key) view returns (uint256)',
  'error FailedOp(uint256 opIndex, string reason)',
  'error FailedOpWithRevert(uint256 opIndex, string reason, bytes inner)',
])
const accountAbi = parseAbi([
  'function execute(bytes32 mode, bytes executionCalldata) payable',
  'function isModuleInstalled(uint256 moduleTypeId, address module, bytes additionalContext) view returns (bool)',
])
const validatorErrors = parseAbi([
  'error CallNotAllowed(address target, bytes4 selector)',
  'error CallTypeNotAllowed()',
  'error SelfCallNotAllowed(address target)',
  'error NotExecute(bytes4 selector)',
  'error SpendingLimitExceeded(address token, uint256 spent, uint256 periodAmount)',
])
const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address account)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

let anvil: AnvilInstance
let deployment: Deployment
let rpcUrl: string
const chain = defineChain({
  id: CHAIN_ID,
  name: 'session validator test chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
})
const clients = () => {
  const transport = http(rpcUrl)
  return {
    client: createPublicClient({ chain, transport }),
    test: createTestClient({ chain, mode: 'anvil', transport }),
  }
}
const tokenOf = (symbol: string) => {
  const token = deployment.tokens.find((entry) => entry.symbol === symbol)
  if (!token) throw new Error(`no ${symbol} in the deployment`)
  return token.address
}

beforeAll(async () => {
  deployment = await loadDeployment()
  anvil = await startAnvil({
    port: await findFreePort(),
    chainId: CHAIN_ID,
    host: '127.0.0.1',
    mnemonic: DEVNET_MNEMONIC,
  })
  rpcUrl = anvil.rpcUrl
  await executeDeployment(rpcUrl, CHAIN_ID, deployment)
  // Start well inside a day, so no test crosses a period boundary unless it means to.
  const { client, test } = clients()
  const now = Number((await client.getBlock()).timestamp)
  await test.setNextBlockTimestamp({ timestamp: BigInt((Math.floor(now / DAY) + 2) * DAY + 3_600) })
  await test.mine({ blocks: 1 })
}, 120_000)

afterAll(async () => {
  await anvil?.stop()
})

type Setup = {
  account: Address
  owner: PrivateKeyAccount
  key: PrivateKeyAccount
  pci: Hex
  bundler: PrivateKeyAccount
}

async function funded(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey())
  await clients().test.setBalance({ address: account.address, value: parseEther('10') })
  return account
}

/** Runs `call` as `from` (anvil impersonation): the EntryPoint or the account itself. */
async function sendAs(from: Address, to: Address, data: Hex): Promise<void> {
  const { client, test } = clients()
  await test.setBalance({ address: from, value: parseEther('10') })
  await test.impersonateAccount({ address: from })
  const wallet = createWalletClient({ chain, transport: http(rpcUrl) })
  const hash = await wallet.sendTransaction({ account: from, to, data, chain })
  await test.stopImpersonatingAccount({ address: from })
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
}

/** A deployed account holding 100 USDC and 1 ether, with `session` granted under a fresh id. */
async function accountWithSession(session: (key: Address) => OnChainSession): Promise<Setup> {
  const { client } = clients()
  const [owner, key, bundler] = [
    privateKeyToAccount(generatePrivateKey()),
    privateKeyToAccount(generatePrivateKey()),
    await funded(),
  ]
  const factory = deployment.contracts.latchAccountFactory
  const wallet = createWalletClient({ account: bundler, chain, transport: http(rpcUrl) })
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'createAccount',
      args: [owner.address, 0n],
    }),
  })
  const account = await client.readContract({
    address: factory,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner.address, 0n],
  })
  await clients().test.setBalance({ address: account, value: parseEther('1') })
  const holder = deployment.accounts[0]
  if (!holder) throw new Error('no funded devnet account')
  await sendAs(
    holder.address,
    tokenOf('USDC'),
    encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account, 100n * USDC_UNIT],
    }),
  )
  const pci = toHex(crypto.getRandomValues(new Uint8Array(32)))
  // The account installs the validator with its first session, as the owner's user operation does.
  await sendAs(
    deployment.contracts.entryPoint,
    account,
    encodeInstallSessionValidator(validator(), { pci, session: session(key.address) }),
  )
  return { account, owner, key, pci, bundler }
}

function validator(): Address {
  const address = deployment.contracts.latchSessionValidator
  if (!address) throw new Error('the deployment has no LatchSessionValidator')
  return address
}

/** 10 USDC a day, transfer only, for `days` days from now. */
function dailyUsdc(now: number, days = 7) {
  return (key: Address): OnChainSession => ({
    signer: key,
    validAfter: 0,
    validUntil: now + days * DAY,
    calls: [{ target: tokenOf('USDC'), selector: toFunctionSelector('transfer(address,uint256)') }],
    limits: [{ token: tokenOf('USDC'), periodAmount: 10n * USDC_UNIT, periodDuration: DAY }],
  })
}

const SINGLE = zeroHash
const BATCH = pad('0x01', { dir: 'right', size: 32 })
const DELEGATECALL = pad('0xff', { dir: 'right', size: 32 })

function single(target: Address, value: bigint, data: Hex): Hex {
  return encodeFunctionData({
    abi: accountAbi,
    functionName: 'execute',
    args: [SINGLE, encodePacked(['address', 'uint256', 'bytes'], [target, value, data])],
  })
}

function batch(calls: { target: Address; value: bigint; data: Hex }[]): Hex {
  const executions = encodeAbiParameters(
    [
      {
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'callData', type: 'bytes' },
        ],
      },
    ],
    [calls.map((call) => ({ target: call.target, value: call.value, callData: call.data }))],
  )
  return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [BATCH, executions] })
}

function usdcTransfer(to: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
}

type Outcome =
  | { ok: true }
  | { ok: false; reason: string; inner?: string; innerArgs?: readonly unknown[] }

/**
 * Sends one user operation of `setup.account` signed by `signer` (the session key by default)
 * through EntryPoint.handleOps, claiming `claimedTime` (the latest block's time by default).
 */
async function sendSessionOp(
  setup: Setup,
  callData: Hex,
  options: { signer?: PrivateKeyAccount; claimedTime?: number; pci?: Hex } = {},
): Promise<Outcome> {
  const { client } = clients()
  const entryPoint = deployment.contracts.entryPoint
  const latest = Number((await client.getBlock()).timestamp)
  const nonce = await client.readContract({
    address: entryPoint,
    abi: entryPointAbi,
    functionName: 'getNonce',
    args: [setup.account, sessionNonceKey(validator())],
  })
  const op = {
    sender: setup.account,
    nonce,
    initCode: '0x' as Hex,
    callData,
    accountGasLimits: concat([
      pad(toHex(1_000_000n), { size: 16 }),
      pad(toHex(500_000n), { size: 16 }),
    ]),
    preVerificationGas: 60_000n,
    gasFees: concat([
      pad(toHex(1_000_000_000n), { size: 16 }),
      pad(toHex(20_000_000_000n), { size: 16 }),
    ]),
    paymasterAndData: '0x' as Hex,
    signature: '0x' as Hex,
  }
  const hash = await client.readContract({
    address: entryPoint,
    abi: entryPointAbi,
    functionName: 'getUserOpHash',
    args: [op],
  })
  const ecdsa = await (options.signer ?? setup.key).signMessage({ message: { raw: hash } })
  op.signature = encodeSessionSignature({
    pci: options.pci ?? setup.pci,
    claimedTime: options.claimedTime ?? latest,
    signature: ecdsa,
  })
  const wallet = createWalletClient({ account: setup.bundler, chain, transport: http(rpcUrl) })
  try {
    await client.simulateContract({
      account: setup.bundler,
      address: entryPoint,
      abi: entryPointAbi,
      functionName: 'handleOps',
      args: [[op], setup.bundler.address],
    })
  } catch (error) {
    const reverted =
      error instanceof BaseError
        ? error.walk((cause) => cause instanceof ContractFunctionRevertedError)
        : undefined
    if (!(reverted instanceof ContractFunctionRevertedError) || !reverted.data) throw error
    const [, reason, inner] = reverted.data.args as [bigint, string, Hex | undefined]
    if (!inner || inner === '0x') return { ok: false, reason }
    const decoded = decodeErrorResult({ abi: validatorErrors, data: inner })
    return { ok: false, reason, inner: decoded.errorName, innerArgs: decoded.args }
  }
  const receipt = await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: entryPoint,
      abi: entryPointAbi,
      functionName: 'handleOps',
      args: [[op], setup.bundler.address],
      gas: 3_000_000n,
    }),
  })
  expect(receipt.status).toBe('success')
  return { ok: true }
}

async function usdcBalance(address: Address): Promise<bigint> {
  return clients().client.readContract({
    address: tokenOf('USDC'),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
}

async function latestTime(): Promise<number> {
  return Number((await clients().client.getBlock()).timestamp)
}

async function spentToday(setup: Setup, token: Address): Promise<bigint> {
  return clients().client.readContract({
    address: validator(),
    abi: latchSessionValidatorAbi,
    functionName: 'spent',
    args: [setup.account, setup.pci, token, BigInt(Math.floor((await latestTime()) / DAY))],
  })
}

async function passDays(days: number): Promise<void> {
  const { test } = clients()
  await test.increaseTime({ seconds: days * DAY })
  await test.mine({ blocks: 1 })
}

const recipient = privateKeyToAccount(generatePrivateKey()).address

describe('LatchSessionValidator', () => {
  it('is deployed by the devnet on every EVM chain, at one address, listed in the manifest', async () => {
    const chains = inject('devnet').chains
    const addresses = new Set(chains.map((entry) => entry.contracts.latchSessionValidator))
    expect(addresses).toEqual(new Set([validator()]))
    for (const entry of chains) {
      const code = await createPublicClient({ transport: http(entry.rpcUrl) }).getCode({
        address: validator(),
      })
      expect(code?.length ?? 0).toBeGreaterThan(1_000)
    }
  })

  it('is enabled by the account with its first session, which it reads back and will not replace', async () => {
    const now = await latestTime()
    const setup = await accountWithSession(dailyUsdc(now))
    const { client } = clients()
    expect(
      await client.readContract({
        address: setup.account,
        abi: accountAbi,
        functionName: 'isModuleInstalled',
        args: [1n, validator(), '0x'],
      }),
    ).toBe(true)
    const read = (functionName: 'isActive' | 'getSession') =>
      client.readContract({
        address: validator(),
        abi: latchSessionValidatorAbi,
        functionName,
        args: [setup.account, setup.pci],
      })
    expect(await read('isActive')).toBe(true)
    const [session, revoked] = (await read('getSession')) as [OnChainSession, boolean]
    expect(revoked).toBe(false)
    expect(session.signer).toBe(setup.key.address)
    expect(session.validUntil).toBe(now + 7 * DAY)
    expect(session.limits).toEqual([
      { token: tokenOf('USDC'), periodAmount: 10n * USDC_UNIT, periodDuration: DAY },
    ])
    // Another account has no such session.
    expect(
      await client.readContract({
        address: validator(),
        abi: latchSessionValidatorAbi,
        functionName: 'isActive',
        args: [setup.owner.address, setup.pci],
      }),
    ).toBe(false)
    // The same id cannot be enabled twice, even by the account.
    await expect(
      client.simulateContract({
        account: setup.account,
        address: validator(),
        abi: latchSessionValidatorAbi,
        functionName: 'enableSession',
        args: [setup.pci, dailyUsdc(now)(setup.key.address)],
      }),
    ).rejects.toThrow(/SessionExists/)
    // Nor one already expired.
    await expect(
      client.simulateContract({
        account: setup.account,
        address: validator(),
        abi: latchSessionValidatorAbi,
        functionName: 'enableSession',
        args: [
          toHex(2n, { size: 32 }),
          { ...dailyUsdc(now)(setup.key.address), validUntil: now - 1 },
        ],
      }),
    ).rejects.toThrow(/SessionInvalid/)
  })

  it('runs transfers within the limit, refuses past it, and allows again the next day', async () => {
    const setup = await accountWithSession(dailyUsdc(await latestTime()))
    expect(
      await sendSessionOp(
        setup,
        single(tokenOf('USDC'), 0n, usdcTransfer(recipient, 4n * USDC_UNIT)),
      ),
    ).toEqual({ ok: true })
    // A batch counts every transfer in it: 4 + 3 + 3 = 10, exactly the limit.
    expect(
      await sendSessionOp(
        setup,
        batch([
          { target: tokenOf('USDC'), value: 0n, data: usdcTransfer(recipient, 3n * USDC_UNIT) },
          { target: tokenOf('USDC'), value: 0n, data: usdcTransfer(recipient, 3n * USDC_UNIT) },
        ]),
      ),
    ).toEqual({ ok: true })
    expect(await usdcBalance(setup.account)).toBe(90n * USDC_UNIT)
    expect(await spentToday(setup, tokenOf('USDC'))).toBe(10n * USDC_UNIT)

    // One more unit today is over the limit.
    const over = await sendSessionOp(
      setup,
      single(tokenOf('USDC'), 0n, usdcTransfer(recipient, 1n)),
    )
    expect(over).toMatchObject({
      ok: false,
      reason: 'AA23 reverted',
      inner: 'SpendingLimitExceeded',
    })
    expect(await usdcBalance(setup.account)).toBe(90n * USDC_UNIT)

    await passDays(1)
    // A new day, a new 10 USDC; yesterday's period stays spent.
    const yesterday = await sendSessionOp(
      setup,
      single(tokenOf('USDC'), 0n, usdcTransfer(recipient, 1n)),
      { claimedTime: (await latestTime()) - DAY },
    )
    expect(yesterday).toMatchObject({ ok: false, inner: 'SpendingLimitExceeded' })
    expect(
      await sendSessionOp(
        setup,
        single(tokenOf('USDC'), 0n, usdcTransfer(recipient, 7n * USDC_UNIT)),
      ),
    ).toEqual({ ok: true })
    expect(await spentToday(setup, tokenOf('USDC'))).toBe(7n * USDC_UNIT)
    expect(await usdcBalance(setup.account)).toBe(83n * USDC_UNIT)
  })

  it('refuses the claimed time outside the period when yesterday still had room', async () => {
    const setup = await accountWithSession(dailyUsdc(await latestTime()))
    await passDays(1)
    // Yesterday's 10 USDC are untouched, but the block is today: AA22, the EntryPoint's refusal.
    const outcome = await sendSessionOp(
      setup,
      single(tokenOf('USDC'), 0n, usdcTransfer(recipient, 1n)),
      {
        claimedTime: (await latestTime()) - DAY,
      },
    )
    expect(outcome).toEqual({ ok: false, reason: 'AA22 expired or not due' })
  })

  it('refuses another contract, another function, native value and the account or module itself', async () => {
    const setup = await accountWithSession(dailyUsdc(await latestTime()))
    const dai = tokenOf('DAI')
    expect(await sendSessionOp(setup, single(dai, 0n, usdcTransfer(recipient, 1n)))).toMatchObject({
      ok: false,
      reason: 'AA23 reverted',
      inner: 'CallNotAllowed',
      innerArgs: [dai, toFunctionSelector('transfer(address,uint256)')],
    })
    const transferFrom = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [setup.account, recipient, 1n],
    })
    expect(await sendSessionOp(setup, single(tokenOf('USDC'), 0n, transferFrom))).toMatchObject({
      ok: false,
      inner: 'CallNotAllowed',
    })
    // No native limit: no value, not even a plain payment.
    expect(await sendSessionOp(setup, single(recipient, 1n, '0x'))).toMatchObject({
      ok: false,
      inner: 'SpendingLimitExceeded',
    })
    // A call to the account (which could install another validator) or to the module.
    const install = encodeInstallSessionValidator(recipient)
    expect(await sendSessionOp(setup, single(setup.account, 0n, install))).toMatchObject({
      ok: false,
      inner: 'SelfCallNotAllowed',
    })
    expect(
      await sendSessionOp(setup, single(validator(), 0n, usdcTransfer(recipient, 1n))),
    ).toMatchObject({ ok: false, inner: 'SelfCallNotAllowed' })
    // An allowed call hidden in a batch beside a forbidden one does not pass either.
    expect(
      await sendSessionOp(
        setup,
        batch([
          { target: tokenOf('USDC'), value: 0n, data: usdcTransfer(recipient, 1n) },
          { target: dai, value: 0n, data: usdcTransfer(recipient, 1n) },
        ]),
      ),
    ).toMatchObject({ ok: false, inner: 'CallNotAllowed' })
    // Anything but execute(mode, calls) is refused.
    expect(await sendSessionOp(setup, encodeInstallSessionValidator(recipient))).toMatchObject({
      ok: false,
      inner: 'NotExecute',
    })
    expect(await usdcBalance(setup.account)).toBe(100n * USDC_UNIT)
  })

  it('refuses a delegatecall, which would run any code as the account', async () => {
    const setup = await accountWithSession(dailyUsdc(await latestTime()))
    const callData = encodeFunctionData({
      abi: accountAbi,
      functionName: 'execute',
      args: [
        DELEGATECALL,
        encodePacked(['address', 'bytes'], [tokenOf('USDC'), usdcTransfer(recipient, 1n)]),
      ],
    })
    expect(await sendSessionOp(setup, callData)).toMatchObject({
      ok: false,
      reason: 'AA23 reverted',
      inner: 'CallTypeNotAllowed',
    })
  })

  it('refuses another signer and an unknown session id', async () => {
    const setup = await accountWithSession(dailyUsdc(await latestTime()))
    const transfer = single(tokenOf('USDC'), 0n, usdcTransfer(recipient, 1n))
    expect(await sendSessionOp(setup, transfer, { signer: setup.owner })).toEqual({
      ok: false,
      reason: 'AA24 signature error',
    })
    expect(await sendSessionOp(setup, transfer, { pci: toHex(1n, { size: 32 }) })).toEqual({
      ok: false,
      reason: 'AA24 signature error',
    })
    // The right key still works.
    expect(await sendSessionOp(setup, transfer)).toEqual({ ok: true })
  })

  it('refuses every operation after expiry', async () => {
    const now = await latestTime()
    const setup = await accountWithSession(dailyUsdc(now, 2))
    const transfer = single(tokenOf('USDC'), 0n, usdcTransfer(recipient, 1n))
    expect(await sendSessionOp(setup, transfer)).toEqual({ ok: true })
    await passDays(3)
    expect(await sendSessionOp(setup, transfer)).toEqual({
      ok: false,
      reason: 'AA22 expired or not due',
    })
    expect(
      await clients().client.readContract({
        address: validator(),
        abi: latchSessionValidatorAbi,
        functionName: 'isActive',
        args: [setup.account, setup.pci],
      }),
    ).toBe(false)
  })

  it('refuses every operation after the account revokes the session, which only it can do', async () => {
    const setup = await accountWithSession(dailyUsdc(await latestTime()))
    const transfer = single(tokenOf('USDC'), 0n, usdcTransfer(recipient, 1n))
    expect(await sendSessionOp(setup, transfer)).toEqual({ ok: true })
    const revoke = encodeFunctionData({
      abi: latchSessionValidatorAbi,
      functionName: 'revokeSession',
      args: [setup.pci],
    })
    // Another address revoking names its own (missing) session: the account's stays.
    await expect(
      clients().client.simulateContract({
        account: setup.key.address,
        address: validator(),
        abi: latchSessionValidatorAbi,
        functionName: 'revokeSession',
        args: [setup.pci],
      }),
    ).rejects.toThrow(/SessionUnknown/)
    await sendAs(setup.account, validator(), revoke)
    expect(await sendSessionOp(setup, transfer)).toEqual({
      ok: false,
      reason: 'AA24 signature error',
    })
    const [, revoked] = (await clients().client.readContract({
      address: validator(),
      abi: latchSessionValidatorAbi,
      functionName: 'getSession',
      args: [setup.account, setup.pci],
    })) as [OnChainSession, boolean]
    expect(revoked).toBe(true)
  })

  it('signs no message for the account', async () => {
    const answer = await clients().client.readContract({
      address: validator(),
      abi: parseAbi([
        'function isValidSignatureWithSender(address sender, bytes32 hash, bytes signature) view returns (bytes4)',
      ]),
      functionName: 'isValidSignatureWithSender',
      args: [recipient, zeroHash, '0x'],
    })
    expect(answer).toBe('0xffffffff')
  })
})
