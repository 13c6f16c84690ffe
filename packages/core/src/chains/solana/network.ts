import type { CaipNetworkId } from '@latch/protocol'
import { SOLANA_PUBLIC_NETWORKS } from '@latch/protocol/solana-networks'
import type { CaipNetwork } from '../../siteTypes.ts'

/** SOL: 9 decimals (lamports). */
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/**
 * A Solana network in the kit's CAIP form: `caipNetworkId` is `solana:` and the first 32
 * characters of the genesis hash. Configuring one loads the Solana family with the page.
 */
export function defineSolanaNetwork(network: {
  caipNetworkId: CaipNetworkId
  name: string
  /** Shown as the network's RPC; the kit itself reaches the chain through the Latch server. */
  rpcUrl?: string
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
}): CaipNetwork {
  if (!/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(network.caipNetworkId))
    throw new Error(`${network.caipNetworkId} is not a Solana CAIP-2 id (solana:<genesis prefix>)`)
  return {
    id: network.caipNetworkId.slice('solana:'.length),
    caipNetworkId: network.caipNetworkId,
    chainNamespace: 'solana',
    name: network.name,
    nativeCurrency: { ...SOL },
    rpcUrls: { default: { http: network.rpcUrl ? [network.rpcUrl] : [] } },
    ...(network.blockExplorer ? { blockExplorers: { default: network.blockExplorer } } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  }
}

/** One of the public Solana networks (only the public devnet and testnet are test networks). */
const publicNetwork = (index: 0 | 1 | 2) =>
  defineSolanaNetwork({ ...SOLANA_PUBLIC_NETWORKS[index], testnet: index > 0 })

// Built inside a call a bundler may drop: a spread left at the top level would be kept (a spread
// may run getters), and with it the list, in every page that imports defineSolanaNetwork.
/** Solana mainnet, devnet and testnet, ready to pass in `networks`. */
export const solanaMainnet = /* @__PURE__ */ publicNetwork(0)
export const solanaDevnet = /* @__PURE__ */ publicNetwork(1)
export const solanaTestnet = /* @__PURE__ */ publicNetwork(2)
