import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  hashMessage,
  http,
  parseAbi,
  parseEther,
  zeroHash,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { hashMessage as nestedPersonalSignHash } from 'viem/experimental/erc7739'
import { describe, expect, inject, it } from 'vitest'

// LatchAccountFactory and LatchAccount as the devnet deploys them: the factory is our own glue
// around OpenZeppelin's account, so what it promises is checked here on a real chain.

const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address account)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
  'function accountImplementation() view returns (address)',
])
const accountAbi = parseAbi([
  'function initialize(address owner)',
  'function signer() view returns (address)',
  'function entryPoint() view returns (address)',
  'function accountId() view returns (string)',
  'function supportsExecutionMode(bytes32 mode) view returns (bool)',
  'function supportsModule(uint256 moduleTypeId) view returns (bool)',
  'function execute(bytes32 mode, bytes executionCalldata) payable',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'error AccountUnauthorized(address sender)',
  'error InvalidInitialization()',
])
const ERC1271_MAGIC = '0x1626ba7e'
const ERC1271_INVALID = '0xffffffff'

const devnetChain = inject('devnet').chains[0] as ReturnType<typeof inject<'devnet'>>['chains'][0]
const chain = defineChain({
  id: devnetChain.chainId,
  name: devnetChain.name,
  nativeCurrency: devnetChain.nativeCurrency,
  rpcUrls: { default: { http: [devnetChain.rpcUrl] } },
})
const client = createPublicClient({ chain, transport: http() })
const factory = devnetChain.contracts.latchAccountFactory

/** A fresh key with ether for gas: no nonce shared with other test files. */
async function fundedKey(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey())
  await createTestClient({ chain, mode: 'anvil', transport: http() }).setBalance({
    address: account.address,
    value: parseEther('1'),
  })
  return account
}

async function deployAccount(sender: PrivateKeyAccount, owner: Address, salt: bigint) {
  const wallet = createWalletClient({ account: sender, chain, transport: http() })
  const receipt = await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'createAccount',
      args: [owner, salt],
    }),
  })
  expect(receipt.status).toBe('success')
  return client.readContract({
    address: factory,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner, salt],
  })
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

describe('LatchAccountFactory', () => {
  it('deploys an account where getAddress said, owned by its owner, once', async () => {
    const sender = await fundedKey()
    const owner = privateKeyToAccount(generatePrivateKey()).address
    const predicted = await client.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'getAddress',
      args: [owner, 7n],
    })
    expect(await client.getCode({ address: predicted })).toBeUndefined()
    expect(await deployAccount(sender, owner, 7n)).toBe(predicted)
    expect(
      await client.readContract({ address: predicted, abi: accountAbi, functionName: 'signer' }),
    ).toBe(owner)
    // An ERC-1167 clone of the implementation: 45 bytes that delegate every call to it.
    const code = await client.getCode({ address: predicted })
    expect(code?.toLowerCase()).toContain(
      devnetChain.contracts.latchAccountImplementation.slice(2).toLowerCase(),
    )
    expect((code?.length ?? 0) / 2 - 1).toBe(45)
    // A second call (anyone's, e.g. an ERC-6492 verifier's) finds it and changes nothing.
    expect(await deployAccount(await fundedKey(), owner, 7n)).toBe(predicted)
    // Another owner or salt is another account.
    const others = await Promise.all(
      [
        [owner, 8n],
        [sender.address, 7n],
      ].map(([who, salt]) =>
        client.readContract({
          address: factory,
          abi: factoryAbi,
          functionName: 'getAddress',
          args: [who as Address, salt as bigint],
        }),
      ),
    )
    expect(new Set([predicted, ...others]).size).toBe(3)
  })

  it('lets no one initialize an account again, nor the implementation', async () => {
    const attacker = await fundedKey()
    const account = await deployAccount(
      attacker,
      privateKeyToAccount(generatePrivateKey()).address,
      0n,
    )
    for (const address of [account, devnetChain.contracts.latchAccountImplementation]) {
      expect(
        await revertOf(
          client.simulateContract({
            account: attacker,
            address,
            abi: accountAbi,
            functionName: 'initialize',
            args: [attacker.address],
          }),
        ),
      ).toBe('InvalidInitialization')
    }
  })
})

describe('LatchAccount', () => {
  it('is an ERC-7579 account on EntryPoint v0.8 that runs single calls and batches', async () => {
    const account = await deployAccount(
      await fundedKey(),
      privateKeyToAccount(generatePrivateKey()).address,
      0n,
    )
    const read = (functionName: 'entryPoint' | 'accountId') =>
      client.readContract({ address: account, abi: accountAbi, functionName })
    expect(await read('entryPoint')).toBe(devnetChain.contracts.entryPoint)
    expect(await read('accountId')).toMatch(/^@openzeppelin\/contracts\.AccountERC7579\./)
    const supports = (mode: Hex) =>
      client.readContract({
        address: account,
        abi: accountAbi,
        functionName: 'supportsExecutionMode',
        args: [mode],
      })
    expect(await supports(zeroHash)).toBe(true)
    expect(await supports(`0x01${'0'.repeat(62)}`)).toBe(true)
    // Validator modules (session keys) can be installed: module type 1.
    expect(
      await client.readContract({
        address: account,
        abi: accountAbi,
        functionName: 'supportsModule',
        args: [1n],
      }),
    ).toBe(true)
  })

  it('runs calls only for the EntryPoint or itself', async () => {
    const stranger = await fundedKey()
    const account = await deployAccount(
      stranger,
      privateKeyToAccount(generatePrivateKey()).address,
      0n,
    )
    expect(
      await revertOf(
        client.simulateContract({
          account: stranger,
          address: account,
          abi: accountAbi,
          functionName: 'execute',
          args: [zeroHash, `${stranger.address}${'0'.repeat(64)}`],
        }),
      ),
    ).toBe('AccountUnauthorized')
  })

  it("accepts its owner's ERC-7739 signature, and no signature replayable elsewhere", async () => {
    const sender = await fundedKey()
    const owner = privateKeyToAccount(generatePrivateKey())
    const [first, second] = [
      await deployAccount(sender, owner.address, 1n),
      await deployAccount(sender, owner.address, 2n),
    ]
    const message = 'Sign in to example.com'
    const hash = hashMessage(message)
    const nested = (verifyingContract: Address) =>
      owner.sign({
        hash: nestedPersonalSignHash({
          message,
          verifierDomain: {
            name: 'LatchAccount',
            version: '1',
            chainId: chain.id,
            verifyingContract,
          },
        }),
      })
    const check = (account: Address, signature: Hex) =>
      client.readContract({
        address: account,
        abi: accountAbi,
        functionName: 'isValidSignature',
        args: [hash, signature],
      })
    const forFirst = await nested(first)
    expect(await check(first, forFirst)).toBe(ERC1271_MAGIC)
    // The same owner's signature for its other account does not pass here.
    expect(await check(second, forFirst)).toBe(ERC1271_INVALID)
    // Nor does the owner's plain signature of the message, which any of its accounts would share.
    expect(await check(first, await owner.signMessage({ message }))).toBe(ERC1271_INVALID)
    // Nor another key's nested signature.
    const other = privateKeyToAccount(generatePrivateKey())
    const forged = await other.sign({
      hash: nestedPersonalSignHash({
        message,
        verifierDomain: {
          name: 'LatchAccount',
          version: '1',
          chainId: chain.id,
          verifyingContract: first,
        },
      }),
    })
    expect(await check(first, forged)).toBe(ERC1271_INVALID)
  })
})
