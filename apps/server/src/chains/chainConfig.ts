import { withEvmChecksum } from '@latch/protocol'
import { z } from 'zod'

// A contract mistyped in the configuration stops the start, as a mistyped receiver is refused.
export const evmAddress = withEvmChecksum(
  z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-character address'),
).transform((value) => value as `0x${string}`)

/** An ERC-20 the server reports balances, prices and transfers of. */
const tokenConfig = z.object({
  address: evmAddress,
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().min(0).max(255),
  /** Unsolicited airdrop spam: flagged `is_spam` in history, never listed among balances. */
  spam: z.boolean().default(false),
})
export type TokenConfig = z.infer<typeof tokenConfig>

export const chainConfig = z.object({
  chainId: z.number().int().positive(),
  name: z.string().min(1),
  rpcUrls: z.array(z.string().url()).min(1),
  nativeCurrency: z
    .object({ name: z.string(), symbol: z.string(), decimals: z.number().int() })
    .default({ name: 'Ether', symbol: 'ETH', decimals: 18 }),
  /** Multicall3, for reading every token balance of an account in one call. */
  multicall3: evmAddress.optional(),
  tokens: z.array(tokenConfig).default([]),
  /**
   * Uniswap V2 deployment whose pools price tokens: against `usdToken` (a USD stablecoin),
   * directly or through `weth` (the wrapped native coin).
   */
  uniswapV2: z
    .object({ factory: evmAddress, router: evmAddress, weth: evmAddress, usdToken: evmAddress })
    .optional(),
  /** ENS registry on this chain, for reverse names in /v1/identity. */
  ensRegistry: evmAddress.optional(),
  /**
   * How the price API (PRICE_API_URL, CoinGecko's shape) names this chain: its asset platform
   * and the coin id of its native currency. Well-known chain ids have defaults.
   */
  priceApi: z
    .object({ platform: z.string().min(1).optional(), nativeCoinId: z.string().min(1).optional() })
    .optional(),
  /** The block the history indexer starts from on an empty database (0: genesis). */
  indexFromBlock: z.number().int().nonnegative().optional(),
  /**
   * The chain's ERC-4337 bundler (EntryPoint v0.8), reached only through POST /v1/bundler; without
   * it, smart accounts are not offered on this chain.
   */
  bundlerUrl: z.string().url().optional(),
  /** LatchAccountFactory on this chain: the factory of the kit's smart accounts. */
  accountFactory: evmAddress.optional(),
  /**
   * LatchPaymaster on this chain (EntryPoint v0.8, its signer PAYMASTER_SIGNER_KEY's address):
   * POST /v1/paymaster signs sponsorships for it, as each project's policy allows.
   */
  paymaster: evmAddress.optional(),
  /**
   * LatchSessionValidator on this chain: the ERC-7579 module smart accounts install to grant a
   * site's key limited permissions (wallet_grantPermissions); without it, no smart sessions here.
   */
  sessionValidator: evmAddress.optional(),
  /**
   * The owner's word on this chain's NFT collections: contracts always flagged as spam, and
   * contracts never flagged by the names rule (see src/nfts/spam.ts).
   */
  nfts: z
    .object({
      spam: z.array(evmAddress).default([]),
      allow: z.array(evmAddress).default([]),
      /**
       * The collections the indexer follows; unset, every contract's (a busy chain's every
       * Transfer log is then read: a node that caps eth_getLogs may need this list).
       */
      contracts: z.array(evmAddress).optional(),
    })
    .optional(),
})
export type ChainConfig = z.infer<typeof chainConfig>
