import {
  decodeLatchAccountCalls,
  encodeLatchAccountCalls,
  LATCH_ACCOUNT_DOMAIN,
  latchAccountAbi,
} from '@latch/protocol/latch-account'

import {
  type Address,
  type Chain,
  type Client,
  concat,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  getCreate2Address,
  type Hex,
  keccak256,
  parseAbi,
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

// The account's calls encoding lives in @latch/protocol, shared with the site's session-key
// sender (packages/core/src/sessions/sendWithSession.ts).
export {
  type AccountCall,
  decodeLatchAccountCalls,
  encodeLatchAccountCalls,
  LATCH_ACCOUNT_DOMAIN,
  latchAccountAbi,
} from '@latch/protocol/latch-account'

// ERC-1167 minimal proxy (OpenZeppelin's Clones): creation code that returns the runtime code,
// which forwards every call to the implementation whose address it holds.
const CLONE_CREATION = '0x3d602d80600a3d3981f3'
const CLONE_RUNTIME_PREFIX = '0x363d3d373d3d3d363d73'
const CLONE_SUFFIX = '0x5af43d82803e903d91602b57fd5bf3'

/**
 * The code on chain of every account the factory made: a minimal proxy to `implementation`
 * (lowercase hex, as eth_getCode answers it). Code that differs is another contract.
 */
export function latchAccountCode(implementation: Address): Hex {
  return concat([CLONE_RUNTIME_PREFIX, implementation, CLONE_SUFFIX]).toLowerCase() as Hex
}

/** The owner and salt of the factory's `createAccount` call in `factoryData`, or undefined. */
export function latchAccountOfFactoryData(
  factoryData: Hex,
): { owner: Address; salt: bigint } | undefined {
  try {
    const { functionName, args } = decodeFunctionData({
      abi: latchAccountFactoryAbi,
      data: factoryData,
    })
    if (functionName !== 'createAccount') return undefined
    const [owner, salt] = args
    return { owner, salt }
  } catch {
    return undefined
  }
}

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
    bytecode: concat([CLONE_CREATION, latchAccountCode(implementation)]),
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
