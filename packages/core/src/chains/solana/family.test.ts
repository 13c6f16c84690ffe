import type { BalanceResponse, CaipNetworkId } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../api/client.ts'
import { resolveOptions } from '../../options/resolveOptions.ts'
import { createMemoryStorage, createStorage } from '../../storage/index.ts'
import { createFamilyAdapter } from './family.ts'
import { defineSolanaNetwork } from './network.ts'

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
