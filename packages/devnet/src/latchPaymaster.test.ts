import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
} from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { loadCompiledContracts } from './compile.ts'
import { DEPLOYER_ADDRESS, PAYMASTER_SIGNER_ADDRESS } from './constants.ts'

// LatchPaymaster as the devnet deploys it (OpenZeppelin's PaymasterSigner with our owner
// functions): funded and staked in the EntryPoint, its signer the server's devnet key, and only
// its owner moving its money or its signer. What it accepts is tested with the server's signing
// code (apps/server/src/paymaster/paymasterData.test.ts).

const devnet = inject('devnet')
const devnetChain = devnet.chains[0] as (typeof devnet.chains)[number]
const chain = defineChain({
  id: devnetChain.chainId,
  name: devnetChain.name,
  nativeCurrency: devnetChain.nativeCurrency,
  rpcUrls: { default: { http: [devnetChain.rpcUrl] } },
})
const client = createPublicClient({ chain, transport: http() })
const entryPoint = devnetChain.contracts.entryPoint

async function fundedKey(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey())
  await createTestClient({ chain, mode: 'anvil', transport: http() }).setBalance({
    address: account.address,
    value: parseEther('10'),
  })
  return account
}

/** The custom error a call reverts with, by name. */
async function revertOf(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call
  } catch (error) {
    const reverted =
      error instanceof BaseError
        ? error.walk((cause) => cause instanceof ContractFunctionRevertedError)
        : undefined
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName
    throw error
  }
  return undefined
}

const depositOf = (address: Address) =>
  client.readContract({
    address: entryPoint,
    abi: entryPoint08Abi,
    functionName: 'getDepositInfo',
    args: [address],
  })

describe('LatchPaymaster on the devnet', () => {
  it("signs with the server's devnet key, holds a deposit and a stake in the EntryPoint", async () => {
    const { abi } = (await loadCompiledContracts()).LatchPaymaster
    for (const { contracts, rpcUrl } of devnet.chains) {
      const paymaster = contracts.latchPaymaster as Address
      const read = (functionName: string) =>
        createPublicClient({ transport: http(rpcUrl) }).readContract({
          address: paymaster,
          abi,
          functionName,
        })
      expect(await read('signer')).toBe(PAYMASTER_SIGNER_ADDRESS)
      expect(devnet.paymaster?.signer.address).toBe(PAYMASTER_SIGNER_ADDRESS)
      expect(await read('owner')).toBe(DEPLOYER_ADDRESS)
      expect(await read('entryPoint')).toBe(entryPoint)
    }
    const info = await depositOf(devnetChain.contracts.latchPaymaster as Address)
    expect(info.deposit).toBeGreaterThan(parseEther('100'))
    expect(info).toMatchObject({ staked: true, stake: parseEther('1'), unstakeDelaySec: 86_400 })
  })

  it('validates operations for the EntryPoint only', async () => {
    const stranger = await fundedKey()
    const { abi } = (await loadCompiledContracts()).LatchPaymaster
    const operation = {
      sender: stranger.address,
      nonce: 0n,
      initCode: '0x',
      callData: '0x',
      accountGasLimits: `0x${'0'.repeat(64)}`,
      preVerificationGas: 0n,
      gasFees: `0x${'0'.repeat(64)}`,
      paymasterAndData: '0x',
      signature: '0x',
    } as const
    expect(
      await revertOf(
        client.simulateContract({
          account: stranger,
          address: devnetChain.contracts.latchPaymaster as Address,
          abi,
          functionName: 'validatePaymasterUserOp',
          args: [operation, `0x${'0'.repeat(64)}`, 0n],
        }),
      ),
    ).toBe('PaymasterUnauthorized')
  })

  it('lets its owner alone replace the signer and move the deposit and stake', async () => {
    // A paymaster of its own: the devnet's is shared by every test.
    const { abi, bytecode } = (await loadCompiledContracts()).LatchPaymaster
    const [owner, stranger] = [await fundedKey(), await fundedKey()]
    const ownerWallet = createWalletClient({ account: owner, chain, transport: http() })
    const deployed = await client.waitForTransactionReceipt({
      hash: await ownerWallet.deployContract({
        abi,
        bytecode,
        args: [PAYMASTER_SIGNER_ADDRESS, owner.address],
      }),
    })
    const paymaster = deployed.contractAddress as Address
    const write = async (
      account: PrivateKeyAccount,
      functionName: string,
      args: unknown[] = [],
      value = 0n,
    ) => {
      const wallet = createWalletClient({ account, chain, transport: http() })
      const { request } = await client.simulateContract({
        account,
        address: paymaster,
        abi: abi as Abi,
        functionName,
        args,
        value,
      } as never)
      const receipt = await client.waitForTransactionReceipt({
        hash: await wallet.writeContract(request as never),
      })
      expect(receipt.status).toBe('success')
    }
    const tryAs = (account: PrivateKeyAccount, functionName: string, args: unknown[] = []) =>
      revertOf(
        client.simulateContract({
          account,
          address: paymaster,
          abi: abi as Abi,
          functionName,
          args,
        } as never),
      )

    // Anyone may fund it.
    await write(stranger, 'deposit', [], parseEther('2'))
    expect((await depositOf(paymaster)).deposit).toBe(parseEther('2'))
    const newSigner = privateKeyToAccount(generatePrivateKey()).address
    for (const [functionName, args] of [
      ['setSigner', [newSigner]],
      ['withdraw', [stranger.address, 1n]],
      ['addStake', [86_400]],
      ['unlockStake', []],
      ['withdrawStake', [stranger.address]],
    ] as [string, unknown[]][]) {
      expect(await tryAs(stranger, functionName, args), functionName).toBe(
        'OwnableUnauthorizedAccount',
      )
    }
    await write(owner, 'setSigner', [newSigner])
    expect(await client.readContract({ address: paymaster, abi, functionName: 'signer' })).toBe(
      newSigner,
    )
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    await write(owner, 'withdraw', [recipient, parseEther('0.5')])
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.5'))
    await write(owner, 'addStake', [60], parseEther('1'))
    expect(await depositOf(paymaster)).toMatchObject({
      deposit: parseEther('1.5'),
      staked: true,
      stake: parseEther('1'),
    })
  })
})
