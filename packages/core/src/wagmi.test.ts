import { describe, expect, it } from 'vitest'
import { defineSolanaNetwork } from './chains/solana/network.ts'
import { createLatch } from './createLatch.ts'
import { defineEvmNetwork } from './network/index.ts'
import { createMemoryStorage } from './storage/index.ts'
import { latchWagmiConfig } from './wagmi.ts'

// A site that uses wagmi's own hooks hands WagmiProvider the kit's config when it renders: given
// at once, on the server too (these tests have no window), and the same config the kit uses.

const devnet = defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:9' })
const devnet2 = defineEvmNetwork({
  id: 31338,
  name: 'Latch Devnet 2',
  rpcUrl: 'http://127.0.0.1:9',
})
const site = (networks = [devnet, devnet2]) =>
  createLatch({
    projectId: 'latch-dev',
    serverUrl: 'http://127.0.0.1:9',
    networks,
    storage: createMemoryStorage(),
  })

describe('latchWagmiConfig', () => {
  it("gives the instance's wagmi config at once, the one the kit's EVM family then uses", async () => {
    expect(typeof window).toBe('undefined')
    const latch = site()
    const config = latchWagmiConfig(latch)
    expect(config.chains.map((chain) => chain.id)).toEqual([31337, 31338])
    expect(latchWagmiConfig(latch)).toBe(config)
    expect(latch.evm.wagmiConfig).toBe(config)
    expect((await latch.loadFamily('eip155')).wagmiConfig).toBe(config)
  })

  it('gives the same config as a load of the EVM family already under way', async () => {
    const latch = site()
    const loading = latch.loadFamily('eip155')
    const config = latchWagmiConfig(latch)
    expect((await loading).wagmiConfig).toBe(config)
    expect(latch.evm.wagmiConfig).toBe(config)
  })

  it('says so for a site without an EVM network', () => {
    const solana = defineSolanaNetwork({
      caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
      name: 'Latch Solana',
    })
    expect(() => latchWagmiConfig(site([solana]))).toThrow('No eip155 network is configured')
  })
})
