import { describe, expect, it } from 'vitest'
import { connectedTo } from '../rules/testStores.ts'
import {
  createMemoryStorage,
  createStorage,
  STORAGE_KEYS,
  type StorageLike,
} from '../storage/index.ts'
import { createStore } from '../store.ts'
import type { ChainConnection } from './connection.ts'
import { createConnections } from './createConnections.ts'

const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const SOLANA_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const solanaConnected: ChainConnection = {
  status: 'connected',
  address: SOLANA_ADDRESS,
  caipNetworkId: SOLANA_DEVNET,
  caipAddress: `${SOLANA_DEVNET}:${SOLANA_ADDRESS}`,
  wallet: { id: 'phantom', name: 'Phantom', icon: undefined, rdns: undefined, kind: 'announced' },
}

/** A family adapter's connection store, moved as its wallet would. */
function family() {
  const store = createStore<{ current: ChainConnection }>({ current: { status: 'disconnected' } })
  return {
    get: () => store.get().current,
    subscribe: (listener: (state: ChainConnection, previous: ChainConnection) => void) =>
      store.subscribe((state, previous) => listener(state.current, previous.current)),
    set: (current: ChainConnection) => store.set({ current }),
  }
}

function setup(backing: StorageLike = createMemoryStorage()) {
  const storage = createStorage({ storage: backing })
  const connections = createConnections({ storage, namespaces: ['eip155', 'solana'] })
  const evm = family()
  const solana = family()
  connections.track('eip155', evm)
  connections.track('solana', solana)
  return { connections, evm, solana, storage, backing }
}

describe('createConnections', () => {
  it('starts on the first configured family with no active account', () => {
    const { connections } = setup()
    expect(connections.state.get().activeNamespace).toBe('eip155')
    expect(connections.activeAccount.get()).toBeUndefined()
  })

  it('gives the active account in CAIP form once its family connects', () => {
    const { connections, evm } = setup()
    evm.set(connectedTo(31337))
    expect(connections.activeAccount.get()).toEqual({
      namespace: 'eip155',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      caipNetworkId: 'eip155:31337',
    })
  })

  it('keeps several families connected at once and switches between them', () => {
    const { connections, evm, solana, storage } = setup()
    evm.set(connectedTo(31337))
    solana.set(solanaConnected)
    expect(connections.state.get().byNamespace).toMatchObject({
      eip155: { status: 'connected' },
      solana: { status: 'connected' },
    })
    expect(connections.activeAccount.get()?.namespace).toBe('eip155')
    connections.setActiveNamespace('solana')
    expect(connections.activeAccount.get()?.caipAddress).toBe(solanaConnected.caipAddress)
    expect(storage.getItem(STORAGE_KEYS.activeNamespace)).toBe('solana')
    expect(storage.getJson(STORAGE_KEYS.connectedNamespaces, Array.isArray)).toEqual([
      'eip155',
      'solana',
    ])
  })

  it('makes a family that connects active while the active one has no wallet', () => {
    const { connections, solana } = setup()
    solana.set(solanaConnected)
    expect(connections.state.get().activeNamespace).toBe('solana')
    expect(connections.activeAccount.get()?.namespace).toBe('solana')
  })

  it('comes back on the stored family after a reload, and forgets a family that disconnects', () => {
    const first = setup()
    first.evm.set(connectedTo(31337))
    first.solana.set(solanaConnected)
    first.connections.setActiveNamespace('solana')

    // The reload: both families read disconnected until their wallets reconnect.
    const reloaded = setup(first.backing)
    expect(reloaded.connections.state.get().activeNamespace).toBe('solana')
    expect(reloaded.storage.getJson(STORAGE_KEYS.connectedNamespaces, Array.isArray)).toEqual([
      'eip155',
      'solana',
    ])
    reloaded.solana.set(solanaConnected)
    reloaded.solana.set({ status: 'disconnected' })
    expect(reloaded.storage.getJson(STORAGE_KEYS.connectedNamespaces, Array.isArray)).toEqual([
      'eip155',
    ])
  })
})
