import {
  COMMON_ONRAMP_PROVIDERS,
  type COMMON_SOCIAL_LOGINS,
  COMMON_SWAP_PROVIDERS,
  type CommonProjectFeature,
  type FeatureConfig,
  type FeatureId,
  type OnrampProviderId,
  type ProjectFeature,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from '@latch/protocol'

const isCommonSocial = (id: SocialProvider): id is (typeof SOCIAL_PROVIDERS)[number] =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(id)
const isCommonOnramp = (id: OnrampProviderId): id is (typeof COMMON_ONRAMP_PROVIDERS)[number] =>
  (COMMON_ONRAMP_PROVIDERS as readonly string[]).includes(id)

/**
 * A project's features in the common vocabulary of this API, from Latch's own list:
 * - `email` is no feature of its own there: it is the `email` entry of the social list, first,
 *   and the social feature is on when either is;
 * - providers those clients do not know (the devnet's `dev` login, the `sandbox` on-ramp) are left
 *   out, because they would show a button that cannot work;
 * - `latch_branding` is `reown_branding`, the "powered by" footer of those clients.
 *
 * `socials` is the social list this server can log in with; `onramp` the project's own on-ramp
 * list, not narrowed to what this server offers, since those clients open Meld's or Coinbase's
 * widget themselves.
 */
export function commonFeatures(
  features: readonly ProjectFeature[],
  onramp: FeatureConfig['onramp'],
): CommonProjectFeature[] {
  const byId = new Map(features.map((feature) => [feature.id, feature]))
  const isEnabled = (id: FeatureId) => byId.get(id)?.isEnabled ?? false
  const social = byId.get('social_login')
  const socials = social?.id === 'social_login' && social.isEnabled ? social.config : []
  const email = isEnabled('email')
  const logins: (typeof COMMON_SOCIAL_LOGINS)[number][] = [
    ...(email ? ['email' as const] : []),
    ...socials.filter(isCommonSocial),
  ]
  const swapOn = isEnabled('swap')
  const ramps = isEnabled('onramp') ? onramp.filter(isCommonOnramp) : []
  return [
    { id: 'social_login', isEnabled: logins.length > 0, config: logins },
    { id: 'swap', isEnabled: swapOn, config: swapOn ? [...COMMON_SWAP_PROVIDERS] : [] },
    { id: 'onramp', isEnabled: ramps.length > 0, config: ramps },
    { id: 'activity', isEnabled: isEnabled('activity'), config: [] },
    { id: 'reown_branding', isEnabled: isEnabled('latch_branding'), config: [] },
    { id: 'multi_wallet', isEnabled: isEnabled('multi_wallet'), config: [] },
    { id: 'headless', isEnabled: isEnabled('headless'), config: [] },
  ]
}
