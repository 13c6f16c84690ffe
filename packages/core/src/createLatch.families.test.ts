// One instance with networks of two families: the Networks view's switch moves the active family,
// the storage keys keep it across a reload, and a feature refuses a family it does not serve.
import { describe, expect, it } from 'vitest'
import { createLatch } from './createLatch.ts'
import { defineEvmNetwork } from './network/index.ts'
import type { CaipNetwork } from './siteTypes.ts'
import { createMemoryStorage, STORAGE_KEYS } from './storage/index.ts'

const devnet = defineEvmNetwork({
  id: 31337,
  name: 'Latch Devnet',
  rpcUrl: 'http://127.0.0.1:8545',
})
const solanaDevnet: CaipNetwork = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}

const create = (storage = createMemoryStorage()) =>
  createLatch({
    projectId: 'latch-dev',
    serverUrl: 'http://127.0.0.1:8787',
    networks: [devnet, solanaDevnet],
    storage,
  })

describe('createLatch with networks of two families', () => {
  it('starts on the first family, its account store empty until a wallet connects', () => {
    const latch = create()
    expect(latch.connections.state.get().activeNamespace).toBe('eip155')
    expect(latch.network.state.get().activeNetwork).toBe(devnet)
    expect(latch.activeAccount.get()).toBeUndefined()
    // Every family's code loads by dynamic import, EVM's too: none before start().
    expect(Object.keys(latch.adapters)).toEqual([])
  })

  it('switching to a network of the other family makes that family active, kept across a reload', async () => {
    const storage = createMemoryStorage()
    const latch = create(storage)
    latch.router.reset('Account')
    latch.router.push('Networks')
    await latch.switchNetwork(solanaDevnet)
    expect(latch.connections.state.get().activeNamespace).toBe('solana')
    expect(latch.account.state.get().activeNamespace).toBe('solana')
    expect(latch.network.state.get().activeNetwork).toBe(solanaDevnet)
    expect(storage.getItem(STORAGE_KEYS.activeNamespace)).toBe('solana')
    expect(storage.getItem(STORAGE_KEYS.activeNetworkId('solana'))).toBe(solanaDevnet.caipNetworkId)

    const reloaded = create(storage)
    expect(reloaded.connections.state.get().activeNamespace).toBe('solana')
    expect(reloaded.network.state.get().activeNetwork).toBe(solanaDevnet)

    await reloaded.switchNetwork(devnet)
    expect(reloaded.connections.state.get().activeNamespace).toBe('eip155')
    expect(reloaded.network.state.get().activeNetwork).toBe(devnet)
  })
})
