import type { DevnetManifest } from '@latch/protocol'
import {
  BITCOIN_PUBLIC_NETWORKS,
  type BitcoinNetworkKind,
  bitcoinNetworkKind,
} from '@latch/protocol/bitcoin-networks'
import { z } from 'zod'

/**
 * A Bitcoin network in LATCH_CHAINS:
 * `{"family":"bip122","caipNetworkId":"bip122:000000000019d6689c085ae165831e93","name":"Bitcoin","esploraUrls":["https://mempool.space/api"]}`.
 * The CAIP-2 reference is the first 32 hex characters of the genesis block hash. The server reads
 * the chain through an Esplora REST API (Blockstream's or mempool.space's, or a self-hosted
 * electrs), failing over between the URLs in order.
 */
export const bitcoinChainConfig = z.object({
  family: z.literal('bip122'),
  caipNetworkId: z
    .string()
    .regex(
      /^bip122:[0-9a-f]{32}$/,
      'caipNetworkId must be bip122: and the first 32 hex characters of the genesis block hash',
    ),
  name: z.string().min(1),
  esploraUrls: z.array(z.string().url()).min(1),
  /**
   * Which addresses the network takes: `mainnet` (bc1), `testnet` (tb1: testnet3, testnet4,
   * signet) or `regtest` (bcrt1). Known networks have it; another chain must say.
   */
  network: z.enum(['mainnet', 'testnet', 'regtest']).optional(),
  nativeCurrency: z
    .object({ name: z.string(), symbol: z.string(), decimals: z.number().int() })
    .default({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 }),
  /** How the price API (PRICE_API_URL, CoinGecko's shape) names the coin; `bitcoin` by default. */
  priceApi: z.object({ nativeCoinId: z.string().min(1).optional() }).optional(),
})
type BitcoinChainEntry = z.output<typeof bitcoinChainConfig>

/** A Bitcoin network as the server runs it: its address encoding known. */
export type BitcoinChainConfig = BitcoinChainEntry & { network: BitcoinNetworkKind }

/**
 * The entry with its network: as given, else the known network of its CAIP-2 id; undefined for
 * an unknown chain that does not say (the config names it as an error).
 */
export function withBitcoinNetwork(entry: BitcoinChainEntry): BitcoinChainConfig | undefined {
  const network = entry.network ?? bitcoinNetworkKind(entry.caipNetworkId)
  return network ? { ...entry, network } : undefined
}

/** The message for an entry `withBitcoinNetwork` cannot place. */
export const unknownBitcoinNetwork = (caipNetworkId: string) =>
  `network (mainnet, testnet or regtest) is required for ${caipNetworkId}: it is none of ${BITCOIN_PUBLIC_NETWORKS.map((known) => known.name).join(', ')} or regtest`

/** A LATCH_CHAINS Bitcoin entry: one whose network is neither given nor known is refused. */
export const bitcoinChainEntry = bitcoinChainConfig.superRefine((entry, context) => {
  if (!withBitcoinNetwork(entry))
    context.addIssue({
      code: 'custom',
      path: ['network'],
      message: unknownBitcoinNetwork(entry.caipNetworkId),
    })
})

/** The devnet's Bitcoin chain as server config: its Esplora API, on regtest. */
export function bitcoinChainsOfDevnet(manifest: DevnetManifest): BitcoinChainConfig[] {
  const chain = manifest.bitcoin
  if (!chain) return []
  return [
    {
      family: 'bip122',
      caipNetworkId: chain.caipNetworkId,
      name: chain.name,
      esploraUrls: [chain.esploraUrl],
      network: chain.network,
      nativeCurrency: chain.nativeCurrency,
    },
  ]
}
