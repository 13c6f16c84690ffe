import type { Hex } from 'viem'
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
import { deploySmartAccounts, type SmartAccounts } from './smartAccounts.ts'

type Wallets = SmartAccounts & {
  /** Signs as the counterfactual wallet would: the owner's signature, wrapped (ERC-6492). */
  counterfactualSigner: MessageSigner
}

/** The owner-signed accounts of smartAccounts.ts: SimpleAccount v0.8 has no isValidSignature. */
async function deployWallets(): Promise<Wallets> {
  const accounts = await deploySmartAccounts(chainA)
  return {
    ...accounts,
    counterfactualSigner: {
      signMessage: async ({ message }) =>
        accounts.wrap(await accounts.owner.signMessage({ message })),
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
