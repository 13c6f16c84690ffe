import { z } from 'zod'
import type { FeatureConfig, FeatureId } from './answers/registry.ts'
import { WALLET_BADGE_TYPES, WALLET_ID_MESSAGE, WALLET_ID_PATTERN } from './answers/registry.ts'
import { clientQuery } from './api.ts'
import { isCaipNetworkId } from './caip.ts'
import {
  ALL_SOCIAL_PROVIDERS,
  RECOMMENDED_WALLETS,
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
export {
  COMMON_ONRAMP_PROVIDERS,
  COMMON_SOCIAL_LOGINS,
  COMMON_SWAP_PROVIDERS,
  type CommonProjectConfigResponse,
  type CommonProjectFeature,
  commonProjectConfigResponse,
  commonProjectFeature,
  type FeatureConfig,
  type FeatureId,
  featureConfig,
  featureId,
  type OnrampProvider,
  onrampProvider,
  type ProjectConfigResponse,
  type ProjectFeature,
  projectConfigResponse,
  projectFeature,
  type SwapProvider,
  socialProvider,
  swapProvider,
} from './answers/registry.ts'

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
