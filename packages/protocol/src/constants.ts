// Limits and lists both sides of the API share. No zod here: the page bundle imports this file.

/** Wallets the modal shows as recommended: the first of the list by order (spec 9). */
export const RECOMMENDED_WALLETS = 4
/** Wallets per page of the all-wallets list (spec 9). */
export const WALLETS_PER_PAGE = 40
/** Wallets per page when searching; also the largest page any call may ask for (spec 9). */
export const WALLETS_PER_SEARCH = 100

/** Social login providers, in the default display order (spec 1). */
export const SOCIAL_PROVIDERS = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
] as const
/**
 * Every social provider id: spec 1's, and `dev`, the devnet's own OpenID Connect provider (a
 * server lists it only when the devnet runs; a site adds it to `features.socials` to offer it).
 */
export const ALL_SOCIAL_PROVIDERS = [...SOCIAL_PROVIDERS, 'dev'] as const
export type SocialProvider = (typeof ALL_SOCIAL_PROVIDERS)[number]

/**
 * The address that stands for a chain's native coin where a token address is expected, e.g. in
 * POST /v1/fungible/price: `eip155:1:0xeeee...eeee` is ether on Ethereum (the usual placeholder).
 */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
