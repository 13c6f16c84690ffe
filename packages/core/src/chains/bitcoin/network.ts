import type { CaipNetworkId } from '@latch/protocol'
import { BITCOIN_MAINNET, BITCOIN_TESTNET } from '@latch/protocol/bitcoin-networks'
import type { CaipNetwork } from '../../siteTypes.ts'

/** BTC: 8 decimals (satoshis). */
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

/**
 * A Bitcoin network in the kit's CAIP form: `caipNetworkId` is `bip122:` and the first 32 hex
 * characters of the genesis block hash. Configuring one loads the Bitcoin family with the page.
 * @example defineBitcoinNetwork({ caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', name: 'Regtest' })
 */
export function defineBitcoinNetwork(network: {
  caipNetworkId: CaipNetworkId
  name: string
  /** Shown as the network's API (its Esplora); the kit itself reaches the chain through the Latch server. */
  rpcUrl?: string
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
}): CaipNetwork {
  if (!/^bip122:[0-9a-f]{32}$/.test(network.caipNetworkId))
    throw new Error(
      `${network.caipNetworkId} is not a Bitcoin CAIP-2 id (bip122:<first 32 hex of the genesis hash>)`,
    )
  return {
    id: network.caipNetworkId.slice('bip122:'.length),
    caipNetworkId: network.caipNetworkId,
    chainNamespace: 'bip122',
    name: network.name,
    nativeCurrency: { ...BTC },
    rpcUrls: { default: { http: network.rpcUrl ? [network.rpcUrl] : [] } },
    ...(network.blockExplorer ? { blockExplorers: { default: network.blockExplorer } } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  }
}

/** Bitcoin mainnet, ready to pass in `networks`. */
export const bitcoinMainnet = /* @__PURE__ */ defineBitcoinNetwork({
  caipNetworkId: BITCOIN_MAINNET,
  name: 'Bitcoin',
  blockExplorer: { name: 'mempool.space', url: 'https://mempool.space' },
})

/** Bitcoin testnet (testnet3), ready to pass in `networks`. */
export const bitcoinTestnet = /* @__PURE__ */ defineBitcoinNetwork({
  caipNetworkId: BITCOIN_TESTNET,
  name: 'Bitcoin Testnet',
  blockExplorer: { name: 'mempool.space', url: 'https://mempool.space/testnet' },
  testnet: true,
})
