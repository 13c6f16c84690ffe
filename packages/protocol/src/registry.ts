import { z } from 'zod'
import { WALLET_BADGE_TYPES, WALLET_ID_MESSAGE, WALLET_ID_PATTERN } from './answers/registry.ts'
import { clientQuery } from './api.ts'
import { isCaipNetworkId } from './caip.ts'
import {
  ALL_SOCIAL_PROVIDERS,
  ONRAMP_PROVIDERS,
  RECOMMENDED_WALLETS,
  SOCIAL_PROVIDERS,
  WALLETS_PER_PAGE,
  WALLETS_PER_SEARCH,
} from './constants.ts'
import { text, wholeNumberText } from './text.ts'

/** At most this many ids (or networks) in one include, exclude or chains list. */
export const MAX_LIST_ITEMS = 200

const isRegistryId = (value: string): value is string => WALLET_ID_PATTERN.test(value)
/** A CAIP-2 namespace (a chain family): 3 to 8 lower-case letters, digits or "-". */
const isNamespace = (value: string): value is string => /^[-a-z0-9]{3,8}$/.test(value)

/** A wallet id (the catalogue's are 64 hex characters) or image id. */
export const walletIdValue = text().regex(WALLET_ID_PATTERN, WALLET_ID_MESSAGE)

/** A comma-separated query value: trimmed, empties and duplicates dropped, each item checked. */
function commaList<T extends string>(what: string, isValid: (item: string) => item is T) {
  return text()
    .max(MAX_LIST_ITEMS * 101)
    .transform((value, ctx) => {
      const items = [
        ...new Set(
          value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
        ),
      ]
      if (items.length > MAX_LIST_ITEMS) {
        ctx.addIssue({ code: 'custom', message: `At most ${MAX_LIST_ITEMS} items` })
        return z.NEVER
      }
      const bad = items.find((item) => !isValid(item))
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 64)}" is not ${what}` })
        return z.NEVER
      }
      return items as T[]
    })
}

/** 'certified' marks wallets the catalogue curates as widely used and established; 'none' the rest. */
export const walletBadgeType = z.enum(WALLET_BADGE_TYPES)
export type { WalletBadgeType } from './answers/registry.ts'

/** GET /getWallets query: page, entries, include, exclude, chains, search, badge_type. */
export const walletsQuery = clientQuery.extend({
  page: wholeNumberText()
    .pipe(z.number().min(1).max(10_000))
    .default(1)
    .describe('1-based page number'),
  entries: wholeNumberText()
    .pipe(z.number().min(1).max(WALLETS_PER_SEARCH))
    .default(WALLETS_PER_PAGE)
    .describe(
      `Page size: ${WALLETS_PER_PAGE} by default, ${RECOMMENDED_WALLETS} for the recommended set, up to ${WALLETS_PER_SEARCH}`,
    ),
  include: commaList('a wallet id', isRegistryId)
    .optional()
    .describe('Comma-separated wallet ids: only these'),
  exclude: commaList('a wallet id', isRegistryId)
    .optional()
    .describe('Comma-separated wallet ids: all but these'),
  chains: commaList('a CAIP-2 network id such as eip155:1', isCaipNetworkId)
    .optional()
    .describe('Comma-separated CAIP-2 network ids: wallets supporting any of them'),
  namespaces: commaList('a chain family such as eip155 or solana', isNamespace)
    .optional()
    .describe(
      'Comma-separated CAIP-2 namespaces (chain families): wallets supporting a network of any of them',
    ),
  search: text().trim().max(64).optional().describe('Case-insensitive part of the name'),
  badge_type: walletBadgeType.optional(),
})
export type WalletsQuery = z.input<typeof walletsQuery>

export {
  type Wallet,
  type WalletsResponse,
  wallet,
  walletInjection,
  walletsResponse,
} from './answers/registry.ts'

/** The `{id}` of the image routes: a wallet image id, network id, currency code or token symbol. */
export const imageParams = z.object({
  id: text()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Expected letters, digits, ".", ":", "-" or "_"'),
})

/** Social login providers. */
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
} satisfies Record<FeatureId, z.ZodType>
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

/**
 * A feature the project does not set: the defaults (receive, send, swaps, onramp, activity,
 * email, socials and analytics enabled; the default social list), everything else off.
 */
export const DEFAULT_FEATURES: {
  [Id in FeatureId]: { isEnabled: boolean; config: FeatureConfig[Id] }
} = {
  // Every provider; the server keeps those it can log in with (and farcaster, shown as coming).
  social_login: { isEnabled: true, config: [...ALL_SOCIAL_PROVIDERS] },
  email: { isEnabled: true, config: null },
  swap: { isEnabled: true, config: ['uniswap_v2'] },
  onramp: { isEnabled: true, config: ['coinbase', 'meld'] },
  activity: { isEnabled: true, config: null },
  send: { isEnabled: true, config: null },
  receive: { isEnabled: true, config: null },
  multi_wallet: { isEnabled: false, config: null },
  headless: { isEnabled: false, config: null },
  latch_branding: { isEnabled: false, config: null },
  // The kit's usage and error events, stored for the project's owner; a project may turn it off.
  analytics: { isEnabled: true, config: null },
}

/** What a project stores (`projects.features`): per feature id, the parts that differ from the defaults. */
export type FeatureOverrides = {
  [Id in FeatureId]?: { isEnabled?: boolean; config?: FeatureConfig[Id] }
}
