import type { DevnetChain } from '@latch/protocol'
import {
  type Abi,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  serializeErc6492Signature,
  toHex,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'

// SimpleAccount v0.8 (the devnet's) has no isValidSignature: ERC-1271 and ERC-6492 are checked
// against this owner-signed account, deployed by a CREATE2 factory.
const ACCOUNT_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract OwnerAccount {
    address public immutable owner;

    constructor(address anOwner) {
        owner = anOwner;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

contract OwnerAccountFactory {
    function createAccount(address anOwner, bytes32 salt) external returns (address) {
        address predicted = getAddress(anOwner, salt);
        if (predicted.code.length > 0) return predicted;
        return address(new OwnerAccount{salt: salt}(anOwner));
    }

    function getAddress(address anOwner, bytes32 salt) public view returns (address) {
        bytes32 initCodeHash =
            keccak256(abi.encodePacked(type(OwnerAccount).creationCode, abi.encode(anOwner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}
`

export type SmartAccounts = {
  owner: PrivateKeyAccount
  /** Deployed: checked with ERC-1271. */
  deployed: Hex
  /** Not deployed: checked with ERC-6492, the factory call wrapped around the signature. */
  counterfactual: Hex
  wrap(signature: Hex): Hex
}

/**
 * Compiles the owner-checked account and its CREATE2 factory, deploys the factory and one account
 * on `devnetChain` for a fresh owner, and computes a second, undeployed account of the same owner.
 */
export function deploySmartAccounts(devnetChain: DevnetChain): Promise<SmartAccounts> {
  return (async () => {
    const solc = (await import('solc')).default
    const output = JSON.parse(
      solc.compile(
        JSON.stringify({
          language: 'Solidity',
          sources: { 'OwnerAccount.sol': { content: ACCOUNT_SOURCE } },
          settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
        }),
      ),
    )
    const factory = output.contracts['OwnerAccount.sol'].OwnerAccountFactory as {
      abi: Abi
      evm: { bytecode: { object: string } }
    }
    const chain = defineChain({
      id: devnetChain.chainId,
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [devnetChain.rpcUrl] } },
    })
    const client = createPublicClient({ chain, transport: http() })
    // A deployer of its own, funded by the devnet: no nonce shared with other test files.
    const deployer = privateKeyToAccount(generatePrivateKey())
    await createTestClient({ chain, mode: 'anvil', transport: http() }).setBalance({
      address: deployer.address,
      value: 10n ** 18n,
    })
    const wallet = createWalletClient({ account: deployer, chain, transport: http() })
    const deployment = await client.waitForTransactionReceipt({
      hash: await wallet.deployContract({
        abi: factory.abi,
        bytecode: `0x${factory.evm.bytecode.object}`,
      }),
    })
    const factoryAddress = deployment.contractAddress as Hex
    const owner = privateKeyToAccount(generatePrivateKey())
    const [deployedSalt, counterfactualSalt] = [keccak256(toHex('one')), keccak256(toHex('two'))]
    const addressOf = (salt: Hex) =>
      client.readContract({
        address: factoryAddress,
        abi: factory.abi,
        functionName: 'getAddress',
        args: [owner.address, salt],
      }) as Promise<Hex>
    const created = await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: factoryAddress,
        abi: factory.abi,
        functionName: 'createAccount',
        args: [owner.address, deployedSalt],
      }),
    })
    expect(created.status).toBe('success')
    const [deployed, counterfactual] = [
      await addressOf(deployedSalt),
      await addressOf(counterfactualSalt),
    ]
    expect(await client.getCode({ address: deployed })).toBeDefined()
    expect(await client.getCode({ address: counterfactual })).toBeUndefined()
    const wrap = (signature: Hex) =>
      serializeErc6492Signature({
        address: factoryAddress,
        data: encodeFunctionData({
          abi: factory.abi,
          functionName: 'createAccount',
          args: [owner.address, counterfactualSalt],
        }),
        signature,
      })
    return { owner, deployed, counterfactual, wrap }
  })()
}
