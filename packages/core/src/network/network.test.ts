import { describe, expect, it } from 'vitest'
import type { CaipNetwork } from '../siteTypes.ts'
import { createNetworkController } from './network.ts'

const network = (id: number, name: string): CaipNetwork => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${8500 + id}`] } },
})
const devnet = network(31337, 'Latch Devnet')
const devnet2 = network(31338, 'Latch Devnet 2')

describe('network controller', () => {
  it('starts on the default network, else the first', () => {
    expect(createNetworkController([devnet, devnet2]).state.get().activeNetwork).toBe(devnet)
    expect(createNetworkController([devnet, devnet2], devnet2).state.get().activeNetwork).toBe(
      devnet2,
    )
  })

  it("follows the wallet's network when the site lists it", () => {
    const networks = createNetworkController([devnet, devnet2])
    networks.setWalletNetwork('eip155', 31338)
    expect(networks.state.get()).toMatchObject({
      activeNetwork: devnet2,
      walletNetworkId: 'eip155:31338',
      unsupported: false,
    })
  })

  it('flags a wallet network the site does not list as unsupported, keeping the active one', () => {
    const networks = createNetworkController([devnet, devnet2])
    networks.setWalletNetwork('eip155', 1)
    expect(networks.state.get()).toMatchObject({
      activeNetwork: devnet,
      walletNetworkId: 'eip155:1',
      unsupported: true,
    })
    networks.clearWalletNetwork()
    expect(networks.state.get().unsupported).toBe(false)
  })
})
