import { generateKeyPairSync } from 'node:crypto'
import type { BalanceResponse, CaipNetworkId } from '@latch/protocol'
import { encodeBase58 } from '@latch/protocol/solana'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chainsOfDevnet, solanaChainsOfDevnet } from '../../../../../apps/server/src/config.ts'
import {
  type CountingUpstream,
  startCountingUpstream,
} from '../../../../../apps/server/test/accountFixtures.ts'
import {
  DEMO_ORIGIN,
  startTestServer,
  type TestServer,
} from '../../../../../apps/server/test/helpers.ts'
import { type ApiClient, createApiClient } from '../../api/client.ts'
import { resolveOptions } from '../../options/resolveOptions.ts'
import { createMemoryStorage, createStorage } from '../../storage/index.ts'
import type { TransferTracking } from '../trackTransfers.ts'
import { createFamilyAdapter } from './family.ts'
import { defineSolanaNetwork } from './network.ts'

// These tests read balances only: nothing is sent, so nothing is tracked.
const UNTRACKED: TransferTracking = {
  track: async () => undefined,
  watch: (_id, _network, mined) => mined,
}

const LOCAL = defineSolanaNetwork({
  caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
  name: 'Latch Solana',
})
const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** The family as the kit builds it, with a balance route that records how it was asked. */
function familyWithRoute() {
  const asked: { address: string; chainId: CaipNetworkId; forceUpdate: boolean }[] = []
  const api = {
    balance: async (
      address: string,
      chainId: CaipNetworkId,
      options: { forceUpdate?: boolean } = {},
    ): Promise<BalanceResponse> => {
      asked.push({ address, chainId, forceUpdate: options.forceUpdate === true })
      return {
        balances: [
          {
            name: 'Solana',
            symbol: 'SOL',
            chainId,
            price: 0,
            quantity: { decimals: '9', numeric: '3' },
            iconUrl: '',
          },
        ],
      }
    },
  } as Pick<ApiClient, 'balance'> as ApiClient
  const family = createFamilyAdapter({
    options: resolveOptions({ projectId: 'latch-dev', networks: [LOCAL] }),
    storage: createStorage({ storage: createMemoryStorage() }),
    api,
    serverUrl: 'http://127.0.0.1:9',
    tracking: UNTRACKED,
  })
  return { family, asked }
}

describe('the Solana family reading balances', () => {
  it("reads SOL from the server's cached copy, as EVM's Tokens are read", async () => {
    const { family, asked } = familyWithRoute()
    expect((await family.getBalance(`${LOCAL.caipNetworkId}:${OWNER}`)).value).toBe(3n * 10n ** 9n)
    await family.getBalance(`${LOCAL.caipNetworkId}:${OWNER}`, {})
    expect(asked).toEqual([
      { address: OWNER, chainId: LOCAL.caipNetworkId, forceUpdate: false },
      { address: OWNER, chainId: LOCAL.caipNetworkId, forceUpdate: false },
    ])
  })

  it('has the server read the chain again (forceUpdate) only when forced', async () => {
    const { family, asked } = familyWithRoute()
    await family.getBalance(`${LOCAL.caipNetworkId}:${OWNER}`, { force: true })
    expect(asked).toEqual([{ address: OWNER, chainId: LOCAL.caipNetworkId, forceUpdate: true }])
  })
})

describe('the Solana family reading balances through the server', () => {
  const manifest = inject('devnet')
  const chain = manifest.solana as NonNullable<typeof manifest.solana>
  const network = defineSolanaNetwork({
    caipNetworkId: chain.caipNetworkId as CaipNetworkId,
    name: 'Latch Solana',
  })
  let upstream: CountingUpstream
  let server: TestServer
  let serverUrl: string

  beforeAll(async () => {
    // The server reaches the Solana node through a proxy that counts its requests.
    upstream = await startCountingUpstream(chain.rpcUrl)
    const [solana] = solanaChainsOfDevnet(manifest)
    server = await startTestServer('pglite', {
      LATCH_CHAINS: JSON.stringify([
        ...chainsOfDevnet(manifest),
        { ...solana, rpcUrls: [upstream.url] },
      ]),
    })
    serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
    await upstream?.close()
  })

  it('asks the node once for what connecting reads, then not again until forced', async () => {
    const pageFetch: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), origin: DEMO_ORIGIN },
      })
    const api = createApiClient({ baseUrl: serverUrl, projectId: 'latch-dev', fetch: pageFetch })
    const family = createFamilyAdapter({
      options: resolveOptions({ projectId: 'latch-dev', networks: [network] }),
      storage: createStorage({ storage: createMemoryStorage() }),
      api,
      serverUrl,
      fetch: pageFetch,
      tracking: UNTRACKED,
    })
    // An address no other test reads: nothing of it is in the server's cache.
    const raw = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x as string
    const owner = encodeBase58(Buffer.from(raw, 'base64url'))
    const caipAddress = `${network.caipNetworkId}:${owner}` as const
    const mark = upstream.requests.length

    // Connecting reads the SOL balance (the button) and the Tokens tab at once: one batch upstream.
    await Promise.all([family.getBalance(caipAddress), api.balance(owner, network.caipNetworkId)])
    expect(upstream.since(mark)).toEqual([
      ['getBalance', 'getTokenAccountsByOwner', 'getTokenAccountsByOwner'],
    ])
    // A Send review, another look at the account: the server's copy answers.
    await family.getBalance(caipAddress)
    expect(upstream.since(mark)).toHaveLength(1)
    // After a confirmed transaction the kit forces: the node is read again.
    await family.getBalance(caipAddress, { force: true })
    expect(upstream.since(mark)).toHaveLength(2)
  })
})
