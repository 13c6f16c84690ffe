import type { CaipAddress, CaipNetworkId } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../errors.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createStore } from '../store.ts'
import { createConnections } from './createConnections.ts'
import { createFamilies, type FamilyLoader } from './createFamilies.ts'
import type { ChainAdapter, ChainConnection } from './types.ts'

const DEVNET: CaipNetworkId = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** A family whose wallet restores a stored session when asked to reconnect (counted). */
function storedSessionFamily(
  namespace: ChainNamespace,
  reconnects: ChainNamespace[],
): ChainAdapter {
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
      reconnects.push(namespace)
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

/** The families of `configured`, with loaders for EVM, Solana and Polkadot (`failing` ones lose their chunk once). */
function setup(configured: ChainNamespace[], failing: ChainNamespace[] = []) {
  const storage = createStorage({ storage: createMemoryStorage() })
  const connections = createConnections({ storage, namespaces: configured })
  const asked: ChainNamespace[] = []
  const built: ChainNamespace[] = []
  const errors: ChainNamespace[] = []
  const reconnects: ChainNamespace[] = []
  const lost = new Set(failing)
  const loader =
    (namespace: ChainNamespace): FamilyLoader<{ storage: unknown }> =>
    async () => {
      asked.push(namespace)
      if (lost.delete(namespace)) throw new TypeError('Failed to fetch dynamically imported module')
      return {
        createFamilyAdapter: () => {
          built.push(namespace)
          return storedSessionFamily(namespace, reconnects)
        },
      }
    }
  const families = createFamilies({
    namespaces: configured,
    loaders: { eip155: loader('eip155'), solana: loader('solana'), polkadot: loader('polkadot') },
    familyDeps: () => ({ storage }),
    wrap: (adapter) => ({ ...adapter, wrapped: true }),
    wire: (adapter) => connections.track(adapter.namespace, adapter.connection),
    onError: (namespace) => errors.push(namespace),
  })
  return { families, asked, built, errors, reconnects, connections }
}

describe('createFamilies', () => {
  it('loads only the configured families on start, wires them and restores their sessions', async () => {
    const { families, asked, connections } = setup(['solana'])
    expect(families.adapters).toEqual({})
    await families.start()
    expect(asked).toEqual(['solana'])
    expect(Object.keys(families.adapters)).toEqual(['solana'])
    // The kit keeps the wrapped adapter.
    expect(families.adapters.solana).toMatchObject({ namespace: 'solana', wrapped: true })
    expect(connections.state.get().byNamespace.solana?.status).toBe('connected')
  })

  it('builds a family once, however often it is asked for', async () => {
    const { families, built } = setup(['eip155', 'solana'])
    const [first, second] = await Promise.all([families.load('eip155'), families.load('eip155')])
    await families.start()
    expect(first).toBe(second)
    expect(families.adapters.eip155).toBe(first)
    expect(built.sort()).toEqual(['eip155', 'solana'])
  })

  it('loadAll builds the adapters without restoring sessions; start restores them once', async () => {
    const { families, reconnects, connections } = setup(['eip155', 'solana'])
    await families.loadAll()
    expect(Object.keys(families.adapters).sort()).toEqual(['eip155', 'solana'])
    expect(reconnects).toEqual([])
    expect(connections.state.get().byNamespace.solana?.status).toBe('disconnected')
    await Promise.all([families.start(), families.start()])
    await families.start()
    expect(reconnects.sort()).toEqual(['eip155', 'solana'])
    expect(connections.state.get().byNamespace.solana?.status).toBe('connected')
  })

  it('refuses a family the site does not configure, with a LatchError naming it', async () => {
    const { families, asked } = setup(['solana'])
    const refused = families.load('eip155')
    await expect(refused).rejects.toBeInstanceOf(LatchError)
    await expect(refused).rejects.toThrow('No eip155 network is configured')
    expect(asked).toEqual([])
  })

  it('leaves out a family without an implementation, and reports one whose code cannot load', async () => {
    const { families, asked, errors } = setup(
      ['eip155', 'bip122', 'polkadot', 'solana'],
      ['polkadot'],
    )
    await families.start()
    expect(asked.sort()).toEqual(['eip155', 'polkadot', 'solana'])
    expect(errors).toEqual(['polkadot'])
    expect(Object.keys(families.adapters).sort()).toEqual(['eip155', 'solana'])
    // The chunk is fetched again on the next call.
    expect((await families.load('polkadot')).namespace).toBe('polkadot')
  })
})
