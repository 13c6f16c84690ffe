import { describe, expect, it } from 'vitest'
import { solanaDevnet } from '../chains/solana/network.ts'
import { createEvents } from '../events/index.ts'
import { defineEvmNetwork } from '../network/index.ts'
import { resolveOptions } from '../options/index.ts'
import { createMemoryStorage, createStorage, STORAGE_KEYS } from '../storage/index.ts'
import { createConnectionState } from './createConnectionState.ts'

const devnet = defineEvmNetwork({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' })
const base = defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'http://127.0.0.1:9' })
const options = resolveOptions({ projectId: 'latch-dev', networks: [devnet, base, solanaDevnet] })

describe('createConnectionState', () => {
  it('starts on the site’s default network, or where the visitor left the active family', () => {
    const fresh = createStorage({ storage: createMemoryStorage() })
    const first = createConnectionState({ options, storage: fresh, events: createEvents() })
    expect(first.network.state.get().activeNetwork?.caipNetworkId).toBe('eip155:31337')

    const left = createStorage({ storage: createMemoryStorage() })
    left.setItem(STORAGE_KEYS.activeNetworkId('eip155'), 'eip155:8453')
    const back = createConnectionState({ options, storage: left, events: createEvents() })
    expect(back.network.state.get().activeNetwork?.caipNetworkId).toBe('eip155:8453')
  })

  it('shows the account of the family made active', () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    const state = createConnectionState({ options, storage, events: createEvents() })
    expect(state.account.state.get().activeNamespace).toBe('eip155')
    state.connections.setActiveNamespace('solana')
    expect(state.account.state.get().activeNamespace).toBe('solana')
  })
})
