import type { ProjectFeature } from '@latch/protocol'
import type { SocialProvider } from '../options/types.ts'
import type { Features } from '../siteTypes.ts'

/**
 * The site's features narrowed by its project's settings on the server (GET /appkit/v1/config):
 * the server can turn a feature off or shorten the social list, never turn on what the site left off.
 */
export function applyRemoteFeatures(local: Features, remote: readonly ProjectFeature[]): Features {
  const byId = new Map(remote.map((feature) => [feature.id, feature]))
  const enabled = (id: ProjectFeature['id'], value: boolean) =>
    value && byId.get(id)?.isEnabled !== false
  const social = byId.get('social_login')
  let socials: readonly SocialProvider[] = local.socials
  if (social?.isEnabled === false) socials = []
  else if (social?.id === 'social_login')
    socials = local.socials.filter((provider) => social.config.includes(provider))
  return {
    receive: enabled('receive', local.receive),
    send: enabled('send', local.send),
    swaps: enabled('swap', local.swaps),
    onramp: enabled('onramp', local.onramp),
    activity: enabled('activity', local.activity),
    email: enabled('email', local.email),
    socials,
  }
}

/**
 * The features without email and social login: both run in the wallet frame and on the server, so
 * they are not offered without the frame, nor while the server never told the project's settings.
 */
export function withoutLogins(features: Features): Features {
  return { ...features, email: false, socials: [] }
}

/**
 * The on-ramp providers the project's settings name (its onramp feature's config), for
 * `onramp.setProviders`; undefined when the server sent no onramp feature.
 */
export function remoteOnrampProviders(remote: readonly ProjectFeature[]): unknown {
  return remote.find((feature) => feature.id === 'onramp')?.config
}
