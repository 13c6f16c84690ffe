import type { DevnetManifest } from '@latch/protocol'
import { z } from 'zod'

/**
 * A Polkadot (Substrate) network in LATCH_CHAINS:
 * `{"family":"polkadot","caipNetworkId":"polkadot:91b171bb158e2d3848fa23a9f1c25182","name":"Polkadot","wsUrls":["wss://rpc.polkadot.io"]}`.
 * The CAIP-2 reference is the first 32 hex characters of the genesis hash; the server checks it
 * against the chain on connecting. Any Substrate JSON-RPC endpoint serves (Polkadot, Kusama, Asset
 * Hub), tried in order. The SS58 prefix and token come from the chain's properties unless given.
 */
export const polkadotChainConfig = z.object({
  family: z.literal('polkadot'),
  caipNetworkId: z
    .string()
    .regex(
      /^polkadot:[0-9a-f]{32}$/,
      'caipNetworkId must be polkadot: and the first 32 hex characters of the genesis hash',
    ),
  name: z.string().min(1),
  wsUrls: z.array(z.string().regex(/^wss?:\/\//, 'wsUrls are ws:// or wss:// URLs')).min(1),
  /** The chain's SS58 prefix; by default its properties' ss58Format, else 42. */
  ss58Prefix: z.number().int().min(0).max(16383).optional(),
  /** How the price API (PRICE_API_URL, CoinGecko's shape) names the token, e.g. `polkadot`. */
  priceApi: z.object({ nativeCoinId: z.string().min(1).optional() }).optional(),
  /**
   * The first block the history indexer reads: 1 on a fresh devnet; by default the chain's head
   * when the indexer first runs (a public chain's whole past is an archive's job).
   */
  historyFromBlock: z.number().int().nonnegative().optional(),
})
export type PolkadotChainConfig = z.output<typeof polkadotChainConfig>

/** The devnet's Polkadot chain as server config, its history indexed from its first block. */
export function polkadotChainsOfDevnet(manifest: DevnetManifest): PolkadotChainConfig[] {
  const chain = manifest.polkadot
  if (!chain) return []
  return [
    {
      family: 'polkadot',
      caipNetworkId: chain.caipNetworkId,
      name: chain.name,
      wsUrls: [chain.wsUrl],
      ss58Prefix: chain.ss58Prefix,
      // Priced as DOT when a price API is configured: the devnet's token stands in for it.
      priceApi: { nativeCoinId: 'polkadot' },
      historyFromBlock: 0,
    },
  ]
}
