import {
  type Address,
  type Chain,
  type Client,
  concat,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getAddress,
  getContractAddress,
  getCreate2Address,
  type Hex,
  keccak256,
  parseAbi,
  size,
  slice,
  type Transport,
  zeroHash,
} from 'viem'
import {
  entryPoint08Abi,
  entryPoint08Address,
  getUserOperationHash,
  type SmartAccount,
  type SmartAccountImplementation,
  toSmartAccount,
} from 'viem/account-abstraction'
import type { PrivateKeyAccount } from 'viem/accounts'
import {
  hashMessage as erc7739HashMessage,
  hashTypedData as erc7739HashTypedData,
  wrapTypedDataSignature,
} from 'viem/experimental/erc7739'

/** LatchAccountFactory (packages/devnet/contracts): accounts by owner and salt, CREATE2 clones. */
export const latchAccountFactoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address account)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
  'function accountImplementation() view returns (address)',
])

/** The parts of LatchAccount (OpenZeppelin's ERC-7579 account) the kit calls. */
export const latchAccountAbi = parseAbi([
  'function execute(bytes32 mode, bytes executionCalldata) payable',
  'function signer() view returns (address)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'function isModuleInstalled(uint256 moduleTypeId, address module, bytes additionalContext) view returns (bool)',
])

/** The account's EIP-712 name and version: the domain ERC-7739 signatures are nested in. */
export const LATCH_ACCOUNT_DOMAIN = { name: 'LatchAccount', version: '1' } as const

// ERC-7579 execution modes: the call type in the first byte, then the exec type ("revert on
// failure"), unused bytes, selector and payload, all zero.
const SINGLE_CALL_MODE = zeroHash
const BATCH_CALL_MODE = concat(['0x01', slice(zeroHash, 1)])

const executionTuple = [
  {
    type: 'tuple[]',
    components: [
      { name: 'target', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'callData', type: 'bytes' },
    ],
  },
] as const

/** One call of a user operation. */
export type AccountCall = { to: Address; value?: bigint | undefined; data?: Hex | undefined }

/** ERC-7579 `execute` calldata: one call packed as the mode says, several as a batch. */
export function encodeLatchAccountCalls(calls: readonly AccountCall[]): Hex {
  const [only] = calls
  if (calls.length === 1 && only) {
    return encodeFunctionData({
      abi: latchAccountAbi,
      functionName: 'execute',
      args: [
        SINGLE_CALL_MODE,
        encodePacked(
          ['address', 'uint256', 'bytes'],
          [only.to, only.value ?? 0n, only.data ?? '0x'],
        ),
      ],
    })
  }
  return encodeFunctionData({
    abi: latchAccountAbi,
    functionName: 'execute',
    args: [
      BATCH_CALL_MODE,
      encodeAbiParameters(executionTuple, [
        calls.map((call) => ({
          target: call.to,
          value: call.value ?? 0n,
          callData: call.data ?? '0x',
        })),
      ]),
    ],
  })
}

/** The calls of `execute` calldata, as encodeLatchAccountCalls wrote them. */
export function decodeLatchAccountCalls(data: Hex): AccountCall[] {
  const { functionName, args } = decodeFunctionData({ abi: latchAccountAbi, data })
  if (functionName !== 'execute') throw new Error(`not an execute call: ${functionName}`)
  const [mode, execution] = args
  if (mode === SINGLE_CALL_MODE) {
    // A packed single call: 20 bytes of target, 32 of value, then the call data.
    if (size(execution) < 52) throw new Error('single-call execution data is too short')
    return [
      {
        to: getAddress(slice(execution, 0, 20)),
        value: BigInt(slice(execution, 20, 52)),
        data: size(execution) > 52 ? slice(execution, 52) : '0x',
      },
    ]
  }
  if (mode === BATCH_CALL_MODE) {
    const [executions] = decodeAbiParameters(executionTuple, execution)
    return executions.map((call) => ({ to: call.target, value: call.value, data: call.callData }))
  }
  throw new Error(`unsupported execution mode ${mode}`)
}

// ERC-1167 minimal proxy init code around the implementation address (OpenZeppelin's Clones).
const CLONE_PREFIX = '0x3d602d80600a3d3981f3363d3d373d3d3d363d73'
const CLONE_SUFFIX = '0x5af43d82803e903d91602b57fd5bf3'

/**
 * The address the factory deploys the account of `owner` and `salt` to, computed here without
 * asking the chain: a CREATE2 clone of the implementation, salted with the owner. The factory
 * creates the implementation in its constructor, its first CREATE (nonce 1).
 */
export function latchAccountAddress(parameters: {
  factory: Address
  owner: Address
  salt?: bigint | undefined
  implementation?: Address | undefined
}): Address {
  const { factory, owner, salt = 0n } = parameters
  const implementation =
    parameters.implementation ?? getContractAddress({ from: factory, nonce: 1n })
  return getCreate2Address({
    from: factory,
    salt: keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, salt])),
    bytecode: concat([CLONE_PREFIX, implementation, CLONE_SUFFIX]),
  })
}

/**
 * A well-formed ECDSA signature for gas estimation (s in the lower half): it recovers some
 * address that is not the owner, so validation fails softly instead of reverting.
 */
const STUB_SIGNATURE = concat([
  '0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0',
  '0x7aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  '0x1c',
])

// The owner's user operations use nonce key 0: the account reads a validator module from a
// nonce key's top 20 bytes, so other keys belong to modules (session keys).
const OWNER_NONCE_KEY = {
  consume: async () => 0,
  increment: () => {},
  get: async () => 0,
  reset: () => {},
}

/** The owner's key: it signs hashes (a viem local account from a private key, or the like). */
export type AccountOwner = Pick<PrivateKeyAccount, 'address' | 'sign'>

export type LatchSmartAccount = SmartAccount<
  SmartAccountImplementation<typeof entryPoint08Abi, '0.8'>
>

/**
 * A viem smart account for LatchAccount on EntryPoint v0.8, owned by `owner` (a local key: user
 * operations are signed as their raw EIP-712 hash, messages and typed data as ERC-7739 nested
 * signatures under the account's domain). Before deployment, signatures come wrapped in ERC-6492
 * and the first user operation deploys the account through the factory.
 */
export function toLatchSmartAccount(parameters: {
  client: Client<Transport, Chain, undefined>
  owner: AccountOwner
  factory: Address
  salt?: bigint | undefined
  implementation?: Address | undefined
}): Promise<LatchSmartAccount> {
  const { client, owner, factory, salt = 0n } = parameters
  const address = latchAccountAddress({
    factory,
    owner: owner.address,
    salt,
    implementation: parameters.implementation,
  })
  const verifierDomain = {
    ...LATCH_ACCOUNT_DOMAIN,
    chainId: client.chain.id,
    verifyingContract: address,
    salt: zeroHash,
  } as const
  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint08Abi, address: entryPoint08Address, version: '0.8' },
    nonceKeyManager: OWNER_NONCE_KEY,
    extend: { abi: latchAccountAbi, factory: { abi: latchAccountFactoryAbi, address: factory } },
    getAddress: async () => address,
    encodeCalls: async (calls) => encodeLatchAccountCalls(calls),
    decodeCalls: async (data) => decodeLatchAccountCalls(data),
    getFactoryArgs: async () => ({
      factory,
      factoryData: encodeFunctionData({
        abi: latchAccountFactoryAbi,
        functionName: 'createAccount',
        args: [owner.address, salt],
      }),
    }),
    getStubSignature: async () => STUB_SIGNATURE,
    signMessage: ({ message }) =>
      owner.sign({ hash: erc7739HashMessage({ message, verifierDomain }) }),
    signTypedData: async (typedData) => {
      const signature = await owner.sign({
        hash: erc7739HashTypedData({ ...typedData, verifierDomain } as Parameters<
          typeof erc7739HashTypedData
        >[0]),
      })
      return wrapTypedDataSignature({ ...typedData, signature } as Parameters<
        typeof wrapTypedDataSignature
      >[0])
    },
    signUserOperation: ({ chainId = client.chain.id, ...userOperation }) =>
      owner.sign({
        hash: getUserOperationHash({
          chainId,
          entryPointAddress: entryPoint08Address,
          entryPointVersion: '0.8',
          userOperation: { ...userOperation, sender: address },
        }),
      }),
  }) as Promise<LatchSmartAccount>
}
