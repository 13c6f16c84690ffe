import { getWallets } from '@wallet-standard/app'
import { afterEach, describe, expect, it } from 'vitest'
import { UserRejectedError } from '../errors.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createStore } from '../store.ts'
import { connectFamilies, type FamilyWalletsDeps } from './connectFamilies.ts'
import type { ChainConnection, WalletOption } from './connection.ts'
import { mergeWallets } from './mergeWallets.ts'
import { createSolanaAdapter } from './solana/createSolanaAdapter.ts'
import { defineSolanaNetwork } from './solana/network.ts'
import { createTestSolanaWallet } from './solana/testSolanaWallet.fixture.ts'
import type { ChainAdapter } from './types.ts'

const solana = defineSolanaNetwork({
  caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
  name: 'Latch Solana',
})
const unregister: (() => void)[] = []
afterEach(() => {
  for (const leave of unregister.splice(0)) leave()
})

/** The EVM side of a Phantom-like wallet: records the connects, declines when told to. */
function evmSide(name: string, decline = false) {
  const option: WalletOption = {
    id: 'app.multi',
    name,
    icon: undefined,
    rdns: 'app.multi',
    kind: 'announced',
  }
  const connection = createStore<{ current: ChainConnection }>({
    current: { status: 'disconnected' },
  })
  const asked: string[] = []
  const adapter = {
    namespace: 'eip155',
    wallets: { get: () => [option], subscribe: () => () => {} },
    connection: {
      get: () => connection.get().current,
      subscribe: (listener: (state: ChainConnection, previous: ChainConnection) => void) =>
        connection.subscribe((state, previous) => listener(state.current, previous.current)),
    },
    connect: async (walletId: string) => {
      asked.push(walletId)
      if (decline) throw new UserRejectedError('User rejected the request')
    },
  } as unknown as ChainAdapter
  return { adapter, asked }
}

function setup(active: ChainNamespace, decline = false) {
  const wallet = createTestSolanaWallet({ name: 'Multi', chains: [solana.caipNetworkId] })
  unregister.push(getWallets().register(wallet))
  const sol = createSolanaAdapter({
    networks: [solana],
    wallets: getWallets(),
    storage: createStorage({ storage: createMemoryStorage() }),
    balance: async () => ({ balances: [] }),
    rpc: async () => {
      throw new Error('no RPC')
    },
  })
  const evm = evmSide('Multi', decline)
  const list = mergeWallets([
    ['eip155', evm.adapter.wallets.get()],
    ['solana', sol.wallets.get()],
  ])
  const deps: FamilyWalletsDeps = {
    adapters: { eip155: evm.adapter, solana: sol },
    wallets: { get: () => list, subscribe: () => () => {} },
    activeNamespace: () => active,
    connections: () => ({}),
    networkFor: (namespace) => (namespace === 'solana' ? solana.caipNetworkId : undefined),
  }
  return { deps, wallet, sol, evm }
}

describe('connectFamilies', () => {
  it('connects every family the wallet offers, the active family first', async () => {
    const { deps, sol, evm, wallet } = setup('solana')
    const order: string[] = []
    await connectFamilies(deps, 'app.multi', (family) => order.push(family.namespace))
    expect(order).toEqual(['solana', 'eip155'])
    expect(evm.asked).toEqual(['app.multi'])
    expect(sol.connection.get()).toMatchObject({
      status: 'connected',
      address: wallet.core.address,
    })
  })

  it('stops at a decline, and counts the wallet connected when one family connected', async () => {
    const declined = setup('eip155', true)
    const order: string[] = []
    await expect(
      connectFamilies(declined.deps, 'app.multi', (family) => order.push(family.namespace)),
    ).rejects.toBeInstanceOf(UserRejectedError)
    // EVM came first and was declined: the Solana side was not asked.
    expect(order).toEqual(['eip155'])
    expect(declined.wallet.core.requests).toEqual([])
    for (const leave of unregister.splice(0)) leave()

    // Solana first connects; the EVM decline that follows leaves the wallet connected.
    const partly = setup('solana', true)
    await connectFamilies(partly.deps, 'app.multi')
    expect(partly.sol.connection.get().status).toBe('connected')
  })
})
