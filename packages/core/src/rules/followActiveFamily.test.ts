import { describe, expect, it } from 'vitest'
import type { ChainConnection } from '../chains/connection.ts'
import { createConnections } from '../chains/createConnections.ts'
import { defineSolanaNetwork } from '../chains/solana/network.ts'
import { createNetworkController } from '../network/index.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createStore } from '../store.ts'
import { followActiveFamily } from './followActiveFamily.ts'
import { browserWallet, connectedTo, devnet } from './testStores.ts'

const solana = defineSolanaNetwork({
  caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
  name: 'Latch Solana',
})
const SOL_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function setup() {
  const connections = createConnections({
    storage: createStorage({ storage: createMemoryStorage() }),
    namespaces: ['eip155', 'solana'],
  })
  const network = createNetworkController([devnet, solana])
  followActiveFamily({ connections, network })
  const family = (namespace: 'eip155' | 'solana') => {
    const store = createStore<{ current: ChainConnection }>({ current: { status: 'disconnected' } })
    connections.track(namespace, {
      get: () => store.get().current,
      subscribe: (listener) => store.subscribe((s, p) => listener(s.current, p.current)),
    })
    return (current: ChainConnection) => store.set({ current })
  }
  return { connections, network, evm: family('eip155'), sol: family('solana') }
}

describe('followActiveFamily', () => {
  it('moves the network to the wallet network of a family that becomes active on connect', () => {
    const { connections, network, sol } = setup()
    sol({
      status: 'connected',
      address: SOL_ADDRESS,
      caipNetworkId: solana.caipNetworkId,
      caipAddress: `${solana.caipNetworkId}:${SOL_ADDRESS}`,
      wallet: browserWallet,
    })
    expect(connections.state.get().activeNamespace).toBe('solana')
    expect(network.state.get().activeNetwork).toBe(solana)
  })

  it('moves back to the EVM wallet network when the visitor makes EVM active again', () => {
    const { connections, network, evm, sol } = setup()
    evm(connectedTo(31337))
    sol({
      status: 'connected',
      address: SOL_ADDRESS,
      caipNetworkId: solana.caipNetworkId,
      caipAddress: `${solana.caipNetworkId}:${SOL_ADDRESS}`,
      wallet: browserWallet,
    })
    // EVM connected first and stays active.
    expect(network.state.get().activeNetwork).toBe(devnet)
    connections.setActiveNamespace('solana')
    expect(network.state.get().activeNetwork).toBe(solana)
    connections.setActiveNamespace('eip155')
    expect(network.state.get().activeNetwork).toBe(devnet)
  })
})
