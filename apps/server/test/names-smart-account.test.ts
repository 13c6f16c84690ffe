import {
  type Abi,
  createTestClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  serializeErc6492Signature,
  toHex,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVALID_SIGNATURE } from '../src/names/signatures.ts'
import { chainTools } from './accountFixtures.ts'
import { startTestServer, type TestServer } from './helpers.ts'
import {
  chainA,
  expectError,
  freshKey,
  freshLabel,
  type MessageSigner,
  namesApi,
  nowSeconds,
  signedBody,
  ZONE,
} from './namesFixtures.ts'

// The devnet's SimpleAccount (v0.8) cannot sign for itself: it has no ERC-1271 isValidSignature,
// and its factory deploys only for the EntryPoint's SenderCreator. So a smart account here is this
// one: it accepts its owner's ECDSA signature over the hash it is asked about (the EIP-191 hash
// of the message, as viem asks), deployed at a CREATE2 address by its factory.
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract OwnedWallet {
    address public immutable owner;

    constructor(address walletOwner) {
        owner = walletOwner;
    }

    function isValidSignature(bytes32 digest, bytes calldata sig) external view returns (bytes4) {
        if (sig.length != 65) return 0xffffffff;
        (bytes32 r, bytes32 s) = abi.decode(sig[0:64], (bytes32, bytes32));
        address signer = ecrecover(digest, uint8(sig[64]), r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

contract OwnedWalletFactory {
    function deploy(address walletOwner, bytes32 salt) external returns (address wallet) {
        wallet = addressOf(walletOwner, salt);
        if (wallet.code.length == 0) new OwnedWallet{salt: salt}(walletOwner);
    }

    function addressOf(address walletOwner, bytes32 salt) public view returns (address) {
        bytes memory init = abi.encodePacked(type(OwnedWallet).creationCode, abi.encode(walletOwner));
        bytes32 digest = keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, keccak256(init)));
        return address(uint160(uint256(digest)));
    }
}
`

type Wallets = {
  owner: PrivateKeyAccount
  /** Deployed: its signatures are checked with ERC-1271. */
  deployed: Hex
  /** Not deployed: ERC-6492, the factory call wrapped around the owner's signature. */
  counterfactual: Hex
  /** Signs as the counterfactual wallet would: the owner's signature, wrapped. */
  counterfactualSigner: MessageSigner
}

async function deployWallets(): Promise<Wallets> {
  const solc = (await import('solc')).default
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'OwnedWallet.sol': { content: SOURCE } },
        settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  )
  const compiled = output.contracts?.['OwnedWallet.sol']?.OwnedWalletFactory as
    | { abi: Abi; evm: { bytecode: { object: string } } }
    | undefined
  if (!compiled) throw new Error(`solc: ${JSON.stringify(output.errors)}`)
  const factory = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` as Hex }

  const tools = chainTools(chainA)
  const deployer = freshKey()
  await createTestClient({ mode: 'anvil', transport: http(chainA.rpcUrl) }).setBalance({
    address: deployer.address,
    value: 10n ** 18n,
  })
  const factoryAddress = await tools.deploy(deployer, factory)
  const owner = freshKey()
  const [deployedSalt, counterfactualSalt] = [
    keccak256(toHex(freshLabel())),
    keccak256(toHex(freshLabel())),
  ]
  const addressOf = (salt: Hex) =>
    tools.publicClient.readContract({
      address: factoryAddress,
      abi: factory.abi,
      functionName: 'addressOf',
      args: [owner.address, salt],
    }) as Promise<Hex>
  await tools.write(deployer, {
    address: factoryAddress,
    abi: factory.abi,
    name: 'deploy',
    args: [owner.address, deployedSalt],
  })
  const [deployed, counterfactual] = [
    await addressOf(deployedSalt),
    await addressOf(counterfactualSalt),
  ]
  expect(await tools.publicClient.getCode({ address: deployed })).toMatch(/^0x[0-9a-f]{2,}/)
  expect(await tools.publicClient.getCode({ address: counterfactual })).toBeUndefined()
  const factoryData = encodeFunctionData({
    abi: factory.abi,
    functionName: 'deploy',
    args: [owner.address, counterfactualSalt],
  })
  return {
    owner,
    deployed,
    counterfactual,
    counterfactualSigner: {
      signMessage: async ({ message }) =>
        serializeErc6492Signature({
          address: factoryAddress,
          data: factoryData,
          signature: await owner.signMessage({ message }),
        }),
    },
  }
}

describe('names: smart accounts', () => {
  let server: TestServer
  let api: ReturnType<typeof namesApi>
  let wallets: Wallets
  beforeAll(async () => {
    ;[server, wallets] = await Promise.all([startTestServer('pglite'), deployWallets()])
    api = namesApi(server)
  })
  afterAll(async () => {
    await server?.close()
  })

  const registration = () => ({
    name: `${freshLabel()}.${ZONE}`,
    attributes: {},
    timestamp: nowSeconds(),
  })

  it("registers a deployed smart account's name by its owner's signature (ERC-1271)", async () => {
    const message = registration()
    const body = await signedBody(wallets.owner, message, { address: wallets.deployed })
    const response = await api.register(body)
    expect(response.statusCode).toBe(200)
    expect(response.json().addresses).toEqual({
      [body.coin_type]: {
        address: expect.stringMatching(new RegExp(wallets.deployed, 'i')),
        created: expect.any(String),
      },
    })
    expect((await api.identity(wallets.deployed)).json().name).toBe(message.name)
  })

  it('refuses a signature for the smart account by a key that is not its owner: 401', async () => {
    const body = await signedBody(wallets.owner, registration(), {
      address: wallets.deployed,
      signWith: freshKey(),
    })
    expectError(await api.register(body), 401, INVALID_SIGNATURE)
  })

  it('registers a smart account not deployed yet (ERC-6492), and leaves it undeployed', async () => {
    const message = registration()
    const body = await signedBody(wallets.owner, message, {
      address: wallets.counterfactual,
      signWith: wallets.counterfactualSigner,
    })
    const response = await api.register(body)
    expect(response.statusCode).toBe(200)
    expect((await api.reverse(wallets.counterfactual)).json()[0].name).toBe(message.name)
    const tools = chainTools(chainA)
    expect(await tools.publicClient.getCode({ address: wallets.counterfactual })).toBeUndefined()
  })

  it("refuses an ERC-6492 signature wrapping another key's signature: 401", async () => {
    const impostor = freshKey()
    const body = await signedBody(wallets.owner, registration(), {
      address: wallets.counterfactual,
      signWith: {
        signMessage: async ({ message }) =>
          (await wallets.counterfactualSigner.signMessage({ message })).replace(
            (await wallets.owner.signMessage({ message })).slice(2),
            (await impostor.signMessage({ message })).slice(2),
          ) as Hex,
      },
    })
    expectError(await api.register(body), 401, INVALID_SIGNATURE)
  })
})
