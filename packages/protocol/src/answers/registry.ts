import * as z from 'zod/mini'
import { ALL_SOCIAL_PROVIDERS, ONRAMP_PROVIDERS, SOCIAL_PROVIDERS } from '../constants.ts'
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

// GET /appkit/v1/config

export const socialProvider = z.enum(ALL_SOCIAL_PROVIDERS)

/**
 * On-ramp providers the kit knows (providers not in this list are dropped). `sandbox` is
 * the server's test-mode provider: a server lists it only when it runs it (never in production).
 */
export const onrampProvider = z.enum(ONRAMP_PROVIDERS)
export type OnrampProvider = z.infer<typeof onrampProvider>

/** Swap providers: the server's own quotes on Uniswap V2 pools. */
export const swapProvider = z.enum(['uniswap_v2'])
export type SwapProvider = z.infer<typeof swapProvider>

/**
 * Per-project features of GET /appkit/v1/config. `email` is login by email code,
 * `latch_branding` the "powered by Latch" footer (Latch's counterpart of `reown_branding`) and
 * `analytics` whether the server keeps the kit's usage and error events.
 */
export const featureId = z.enum([
  'social_login',
  'email',
  'swap',
  'onramp',
  'activity',
  'send',
  'receive',
  'multi_wallet',
  'headless',
  'latch_branding',
  'analytics',
])
export type FeatureId = z.infer<typeof featureId>

/** What each feature's `config` holds: a provider list, or null when it takes none. */
export const featureConfig = {
  social_login: z.array(socialProvider),
  email: z.null(),
  swap: z.array(swapProvider),
  onramp: z.array(onrampProvider),
  activity: z.null(),
  send: z.null(),
  receive: z.null(),
  multi_wallet: z.null(),
  headless: z.null(),
  latch_branding: z.null(),
  analytics: z.null(),
} satisfies Record<FeatureId, z.ZodMiniType>
export type FeatureConfig = { [Id in FeatureId]: z.infer<(typeof featureConfig)[Id]> }

const feature = <Id extends FeatureId>(id: Id) =>
  z.object({ id: z.literal(id), isEnabled: z.boolean(), config: featureConfig[id] })

export const projectFeature = z.discriminatedUnion('id', [
  feature('social_login'),
  feature('email'),
  feature('swap'),
  feature('onramp'),
  feature('activity'),
  feature('send'),
  feature('receive'),
  feature('multi_wallet'),
  feature('headless'),
  feature('latch_branding'),
  feature('analytics'),
])
export type ProjectFeature = z.infer<typeof projectFeature>

/** GET /appkit/v1/config with `st=latch`: every feature, in the order of `featureId`. */
export const projectConfigResponse = z.object({ features: z.array(projectFeature) })
export type ProjectConfigResponse = z.infer<typeof projectConfigResponse>

// The same settings in the vocabulary every other client of this API reads (the answer to any `st`
// but Latch's): email rides in the social list, branding is `reown_branding`, and each list names
// only providers those clients know, since they drop or misread any other name.

/** Entries of the common social list: the providers those clients know, and `email`. */
export const COMMON_SOCIAL_LOGINS = [...SOCIAL_PROVIDERS, 'email'] as const
/** The on-ramp providers those clients know; they open each provider's own widget. */
export const COMMON_ONRAMP_PROVIDERS = ['meld', 'coinbase'] as const
/** The one swap provider name those clients know: the `/v1/convert` API, whoever answers it. */
export const COMMON_SWAP_PROVIDERS = ['1inch'] as const

// `config: null` tells those clients "use the site's own setting" and a missing feature reads as
// off, so an on/off feature carries an empty list: the project's isEnabled then decides.
const onOff = <Id extends string>(id: Id) =>
  z.object({ id: z.literal(id), isEnabled: z.boolean(), config: z.tuple([]) })

export const commonProjectFeature = z.discriminatedUnion('id', [
  z.object({
    id: z.literal('social_login'),
    isEnabled: z.boolean(),
    config: z.array(z.enum(COMMON_SOCIAL_LOGINS)),
  }),
  z.object({
    id: z.literal('swap'),
    isEnabled: z.boolean(),
    config: z.array(z.enum(COMMON_SWAP_PROVIDERS)),
  }),
  z.object({
    id: z.literal('onramp'),
    isEnabled: z.boolean(),
    config: z.array(z.enum(COMMON_ONRAMP_PROVIDERS)),
  }),
  onOff('activity'),
  onOff('reown_branding'),
  onOff('multi_wallet'),
  onOff('headless'),
])
export type CommonProjectFeature = z.infer<typeof commonProjectFeature>

/** GET /appkit/v1/config for any `st` but `latch`: the project's features in the common vocabulary. */
export const commonProjectConfigResponse = z.object({ features: z.array(commonProjectFeature) })
export type CommonProjectConfigResponse = z.infer<typeof commonProjectConfigResponse>
