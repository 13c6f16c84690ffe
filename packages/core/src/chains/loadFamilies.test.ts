import type { CaipAddress, CaipNetworkId } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import type { ChainNamespace } from '../options/types.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createStore } from '../store.ts'
import { createConnections } from './createConnections.ts'
import { type FamilyLoader, loadFamilies } from './loadFamilies.ts'
import type { ChainAdapter, ChainConnection } from './types.ts'

const DEVNET: CaipNetworkId = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** A family whose wallet restores a stored session when asked to reconnect. */
function storedSessionFamily(namespace: ChainNamespace): ChainAdapter {
  const store = createStore<{ current: ChainConnection }>({ current: { status: 'disconnected' } })
  const refused = async (): Promise<never> => {
    throw new Error('not offered by this family')
  }
  return {
    namespace,
    wallets: { get: () => [], subscribe: () => () => {} },
    connection: {
      get: () => store.get().current,
      subscribe: (listener) =>
        store.subscribe((state, previous) => listener(state.current, previous.current)),
    },
    async reconnect() {
      store.set({
        current: {
          status: 'connected',
          address: ADDRESS,
          caipNetworkId: DEVNET,
          caipAddress: `${DEVNET}:${ADDRESS}` as CaipAddress,
          wallet: { id: 'w', name: 'Wallet', icon: undefined, rdns: undefined, kind: 'announced' },
        },
      })
    },
    connect: refused,
    disconnect: refused,
    switchNetwork: refused,
    getBalance: refused,
    signMessage: refused,
    sendTransfer: refused,
    waitForTransfer: refused,
    signInMessage: refused,
  }
}

function setup(configured: ChainNamespace[], failing: ChainNamespace[] = []) {
  const storage = createStorage({ storage: createMemoryStorage() })
  const connections = createConnections({ storage, namespaces: configured })
  const asked: ChainNamespace[] = []
  const errors: ChainNamespace[] = []
  const loader =
    (namespace: ChainNamespace): FamilyLoader<{ storage: unknown }> =>
    async () => {
      asked.push(namespace)
      if (failing.includes(namespace)) throw new Error('chunk lost')
      return { createFamilyAdapter: () => storedSessionFamily(namespace) }
    }
  const run = () =>
    loadFamilies({
      configured,
      built: new Set<ChainNamespace>(['eip155']),
      loaders: { solana: loader('solana'), polkadot: loader('polkadot') },
      familyDeps: { storage },
      wire: (adapter) => connections.track(adapter.namespace, adapter.connection),
      onError: (namespace) => errors.push(namespace),
    })
  return { run, asked, errors, connections }
}

describe('loadFamilies', () => {
  it('loads only the configured families, wires them and restores their sessions', async () => {
    const { run, asked, connections } = setup(['eip155', 'solana'])
    const adapters = await run()
    expect(asked).toEqual(['solana'])
    expect(adapters.map((adapter) => adapter.namespace)).toEqual(['solana'])
    expect(connections.state.get().byNamespace.solana?.status).toBe('connected')
  })

  it('loads nothing for an EVM-only site', async () => {
    const { run, asked } = setup(['eip155'])
    expect(await run()).toEqual([])
    expect(asked).toEqual([])
  })

  it('leaves out a family without an implementation, and one whose code cannot load', async () => {
    const { run, asked, errors } = setup(['eip155', 'bip122', 'polkadot', 'solana'], ['polkadot'])
    const adapters = await run()
    expect(asked.sort()).toEqual(['polkadot', 'solana'])
    expect(errors).toEqual(['polkadot'])
    expect(adapters.map((adapter) => adapter.namespace)).toEqual(['solana'])
  })
})
