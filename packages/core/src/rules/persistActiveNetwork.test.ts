import { describe, expect, it } from 'vitest'
import { createNetworkController } from '../network/index.ts'
import { createMemoryStorage, createStorage, STORAGE_KEYS } from '../storage/index.ts'
import { persistActiveNetwork, storedActiveNetwork } from './persistActiveNetwork.ts'
import { devnet, devnet2 } from './testStores.ts'

describe('persistActiveNetwork', () => {
  it('keeps the chosen network per family and finds it again after a reload', () => {
    const backing = createMemoryStorage()
    const storage = createStorage({ storage: backing })
    const network = createNetworkController([devnet, devnet2])
    persistActiveNetwork({ network, storage })
    network.setActiveNetwork(devnet2)
    expect(storage.getItem(STORAGE_KEYS.activeNetworkId('eip155'))).toBe('eip155:31338')

    const reloaded = createStorage({ storage: backing })
    expect(storedActiveNetwork(reloaded, [devnet, devnet2], 'eip155')).toBe(devnet2)
  })

  it('ignores a stored network the site no longer offers', () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    storage.setItem(STORAGE_KEYS.activeNetworkId('eip155'), 'eip155:1')
    expect(storedActiveNetwork(storage, [devnet, devnet2], 'eip155')).toBeUndefined()
  })
})
