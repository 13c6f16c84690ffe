import type { CaipNetworkId } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage, createStorage, STORAGE_KEYS } from '../../storage/index.ts'
import { siteNetworks } from './siteNetworks.ts'
import { testNetwork } from './walletSession.fixture.ts'

const network = (caipNetworkId: CaipNetworkId) => testNetwork(caipNetworkId, 'bip122')

describe("a family's site networks", () => {
  it('needs at least one, said in the family’s name', () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    expect(() => siteNetworks([], storage, 'bip122', 'Bitcoin')).toThrow(
      'Latch needs at least one Bitcoin network',
    )
  })

  it('tells the last one used only while the site still offers it', () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    const networks = siteNetworks(
      [network('bip122:a'), network('bip122:b')],
      storage,
      'bip122',
      'Bitcoin',
    )
    expect(networks.first.caipNetworkId).toBe('bip122:a')
    expect(networks.lastUsed()).toBeUndefined()
    storage.setItem(STORAGE_KEYS.activeNetworkId('bip122'), 'bip122:b')
    expect(networks.lastUsed()?.caipNetworkId).toBe('bip122:b')
    storage.setItem(STORAGE_KEYS.activeNetworkId('bip122'), 'bip122:gone')
    expect(networks.lastUsed()).toBeUndefined()
    expect(networks.configured('bip122:gone')).toBeUndefined()
  })
})
