import * as z from 'zod/mini'
import { answerText, caipNetworkIdAnswer } from './leaves.ts'

// 100: the longest path parameter Fastify's router takes, so every image id stays reachable.
export const WALLET_ID_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/
export const WALLET_ID_MESSAGE = 'Expected an id of 1 to 100 letters, digits, ".", "-" or "_"'

/** Whether the registry vouches for a wallet. */
export const WALLET_BADGE_TYPES = ['certified', 'none'] as const
export type WalletBadgeType = (typeof WALLET_BADGE_TYPES)[number]

const walletId = answerText().check(z.regex(WALLET_ID_PATTERN, WALLET_ID_MESSAGE))

/** How a browser extension or in-app browser shows the wallet: a namespace and a provider flag. */
export const walletInjection = z.object({
  namespace: z.string(),
  /** The flag set on the injected provider, e.g. `isMetaMask` on `window.ethereum`. */
  injected_id: z.string(),
})

/** A wallet of the registry, in the shape AppKit-style clients read; unknown strings are null. */
export const wallet = z.object({
  id: walletId,
  name: z.string(),
  homepage: z.nullable(z.string()),
  /** The id to ask `/getWalletImage/{id}` for. */
  image_id: walletId,
  /** Position in every list, ascending; the first four are the recommended wallets. */
  order: z.int(),
  /** Native deep link, e.g. `metamask://`. */
  mobile_link: z.nullable(z.string()),
  /** A Latch addition: the wallet's https universal link, for phones without the app's scheme. */
  universal_link: z.nullable(z.string()),
  desktop_link: z.nullable(z.string()),
  webapp_link: z.nullable(z.string()),
  app_store: z.nullable(z.string()),
  play_store: z.nullable(z.string()),
  chrome_store: z.nullable(z.string()),
  /** The EIP-6963 reverse-DNS name the wallet announces, e.g. `io.metamask`. */
  rdns: z.nullable(z.string()),
  injected: z.array(walletInjection),
  chains: z.array(caipNetworkIdAnswer),
  categories: z.array(z.string()),
  description: z.nullable(z.string()),
  badge_type: z.enum(WALLET_BADGE_TYPES),
  /** Whether the wallet connects over WalletConnect (QR code or deep link). */
  supports_wc: z.boolean(),
})
export type Wallet = z.infer<typeof wallet>

/** GET /getWallets: the matching wallets' total and one page of them. */
export const walletsResponse = z.object({
  count: z.int().check(z.nonnegative()),
  data: z.array(wallet),
})
export type WalletsResponse = z.infer<typeof walletsResponse>
