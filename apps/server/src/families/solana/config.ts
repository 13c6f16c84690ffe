import type { DevnetManifest } from '@latch/protocol'
import { isSolanaAddress } from '@latch/protocol/solana'
import { z } from 'zod'

const solanaAddress = z
  .string()
  .refine(isSolanaAddress, 'Expected a Solana address (32 to 44 base58 characters)')

/** An SPL token (Token or Token-2022 program) the server names and prices in balances and history. */
const splTokenConfig = z.object({
  mint: solanaAddress,
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().min(0).max(255),
  /** A USD stablecoin: priced at 1 when no price API is configured. */
  usdStablecoin: z.boolean().default(false),
  /** Unsolicited airdrop spam: flagged `is_spam` in history, never listed among balances. */
  spam: z.boolean().default(false),
})
export type SplTokenConfig = z.infer<typeof splTokenConfig>

/**
 * A Solana chain in LATCH_CHAINS: `{"family":"solana","caipNetworkId":"solana:5eykt4Us...",...}`.
 * The CAIP-2 reference is the first 32 characters of the chain's genesis hash.
 */
export const solanaChainConfig = z.object({
  family: z.literal('solana'),
  caipNetworkId: z
    .string()
    .regex(
      /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/,
      'caipNetworkId must be solana: and the first 32 characters of the genesis hash',
    ),
  name: z.string().min(1),
  rpcUrls: z.array(z.string().url()).min(1),
  /** The chain's WebSocket endpoint for subscriptions, handed to the kit; derived when unset. */
  wsUrls: z.array(z.string().url()).optional(),
  nativeCurrency: z
    .object({ name: z.string(), symbol: z.string(), decimals: z.number().int() })
    .default({ name: 'Solana', symbol: 'SOL', decimals: 9 }),
  tokens: z.array(splTokenConfig).default([]),
  /** How the price API (PRICE_API_URL, CoinGecko's shape) names this chain; Solana's by default. */
  priceApi: z
    .object({ platform: z.string().min(1).optional(), nativeCoinId: z.string().min(1).optional() })
    .optional(),
})
export type SolanaChainConfig = z.infer<typeof solanaChainConfig>

/** The devnet's Solana chain as server config; its USDC is priced as a USD stablecoin. */
export function solanaChainsOfDevnet(
  manifest: DevnetManifest,
): (SolanaChainConfig & { family: 'solana' })[] {
  const chain = manifest.solana
  if (!chain) return []
  return [
    {
      family: 'solana',
      caipNetworkId: chain.caipNetworkId,
      name: chain.name,
      rpcUrls: [chain.rpcUrl],
      wsUrls: [chain.wsUrl],
      nativeCurrency: chain.nativeCurrency,
      tokens: chain.tokens.map(({ mint, symbol, name, decimals }) => ({
        mint,
        symbol,
        name,
        decimals,
        usdStablecoin: symbol === 'USDC',
        spam: false,
      })),
    },
  ]
}
