import type { CaipNetworkId } from '@latch/protocol'
import type { CaipNetwork, ChainNamespace } from '../siteTypes.ts'
import { createStore, type ReadableStore } from '../store.ts'

export type NetworkState = {
  /** The networks the site offers, in its order. */
  networks: readonly CaipNetwork[]
  /** The network the modal works on: the wallet's when supported, else the site's default. */
  activeNetwork: CaipNetwork | undefined
  /** The CAIP-2 id the connected wallet is on, supported or not. */
  walletNetworkId: CaipNetworkId | undefined
  /** The wallet is on a network the site does not list (opens UnsupportedChain). */
  unsupported: boolean
}

/** The CAIP-2 id of a chain in a namespace, e.g. `eip155:31337`. */
export const caipNetworkIdOf = (
  namespace: ChainNamespace,
  chainId: number | string,
): CaipNetworkId => `${namespace}:${chainId}`

/** Which network the modal is on, and whether the wallet's network is one the site supports. */
export function createNetworkController(
  networks: readonly CaipNetwork[],
  defaultNetwork?: CaipNetwork,
) {
  const store = createStore<NetworkState>({
    networks,
    activeNetwork: defaultNetwork ?? networks[0],
    walletNetworkId: undefined,
    unsupported: false,
  })
  const find = (caipNetworkId: string) =>
    networks.find((network) => network.caipNetworkId === caipNetworkId)
  // The wallet reports its network: the active one follows when the site lists it.
  const setWalletNetworkId = (walletNetworkId: CaipNetworkId) => {
    const network = find(walletNetworkId)
    store.set(
      network
        ? { walletNetworkId, activeNetwork: network, unsupported: false }
        : { walletNetworkId, unsupported: true },
    )
  }
  return {
    state: store as ReadableStore<NetworkState>,
    find,
    isSupported: (caipNetworkId: string) => find(caipNetworkId) !== undefined,
    setWalletNetworkId,
    /** The same, from a namespace and its chain reference. */
    setWalletNetwork(namespace: ChainNamespace, chainId: number | string) {
      setWalletNetworkId(caipNetworkIdOf(namespace, chainId))
    },
    /** Chooses the active network while no wallet is connected (or after a switch). */
    setActiveNetwork(network: CaipNetwork) {
      store.set({ activeNetwork: network })
    },
    /** Disconnected: no wallet network, nothing unsupported. */
    clearWalletNetwork() {
      store.set({ walletNetworkId: undefined, unsupported: false })
    },
  }
}

export type NetworkController = ReturnType<typeof createNetworkController>

/** An EVM network in the kit's CAIP form. */
export function defineEvmNetwork(network: {
  id: number
  name: string
  rpcUrl: string
  nativeCurrency?: CaipNetwork['nativeCurrency']
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
}): CaipNetwork {
  return {
    id: network.id,
    caipNetworkId: caipNetworkIdOf('eip155', network.id),
    chainNamespace: 'eip155',
    name: network.name,
    nativeCurrency: network.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [network.rpcUrl] } },
    ...(network.blockExplorer ? { blockExplorers: { default: network.blockExplorer } } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  }
}
