import type { CaipNetworkId } from '@latch/protocol'
import type { CaipNetwork } from '../../siteTypes.ts'

/**
 * A Polkadot (Substrate) network in the kit's CAIP form: `caipNetworkId` is `polkadot:` and the
 * first 32 hex characters of the genesis hash; `ss58Prefix`, the coin's symbol and decimals are
 * the chain's properties. Configuring one loads the Polkadot family with the page.
 * @example definePolkadotNetwork({ caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', name: 'Polkadot', ss58Prefix: 0, nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 } })
 */
export function definePolkadotNetwork(network: {
  caipNetworkId: CaipNetworkId
  name: string
  ss58Prefix: number
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Shown as the chain's RPC (a ws:// URL); the kit itself reaches the chain through the Latch server. */
  rpcUrl?: string
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
}): CaipNetwork {
  if (!/^polkadot:[0-9a-f]{32}$/.test(network.caipNetworkId))
    throw new Error(
      `${network.caipNetworkId} is not a Polkadot CAIP-2 id (polkadot:<first 32 hex of the genesis hash>)`,
    )
  if (!Number.isInteger(network.ss58Prefix) || network.ss58Prefix < 0 || network.ss58Prefix > 16383)
    throw new Error(`${network.ss58Prefix} is not an SS58 prefix (0 to 16383)`)
  return {
    id: network.caipNetworkId.slice('polkadot:'.length),
    caipNetworkId: network.caipNetworkId,
    chainNamespace: 'polkadot',
    name: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: { default: { http: network.rpcUrl ? [network.rpcUrl] : [] } },
    ss58Prefix: network.ss58Prefix,
    ...(network.blockExplorer ? { blockExplorers: { default: network.blockExplorer } } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  }
}

/** Polkadot's relay chain, ready to pass in `networks`. */
export const polkadotMainnet = /* @__PURE__ */ definePolkadotNetwork({
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  name: 'Polkadot',
  ss58Prefix: 0,
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
})

/** Polkadot Asset Hub, ready to pass in `networks`. */
export const polkadotAssetHub = /* @__PURE__ */ definePolkadotNetwork({
  caipNetworkId: 'polkadot:68d56f15f85d3136970ec16946040bc1',
  name: 'Polkadot Asset Hub',
  ss58Prefix: 0,
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
})
