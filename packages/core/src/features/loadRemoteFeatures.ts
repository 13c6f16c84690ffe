import type { ApiClient } from '../api/client.ts'
import type { OnrampController } from '../onramp/createOnramp.ts'
import { DEFAULT_ONRAMP_PROVIDERS } from '../onramp/defaults.ts'
import type { Features } from '../siteTypes.ts'
import type { Store } from '../store.ts'
import { applyRemoteFeatures, remoteOnrampProviders, withoutLogins } from './remoteFeatures.ts'

/**
 * Narrows the site's features by its project's settings on the server, and takes the on-ramp
 * providers from there. When the server cannot say, the site's own features stand with the
 * default providers, less email and social login: a server that cannot answer this cannot log a
 * visitor in either, and a visitor is not offered what would only fail.
 */
export async function loadRemoteFeatures(deps: {
  api: Pick<ApiClient, 'projectConfig'>
  siteFeatures: Features
  features: Store<{ current: Features }>
  onramp: Pick<OnrampController, 'setProviders'>
}): Promise<void> {
  try {
    const config = await deps.api.projectConfig()
    deps.features.set({ current: applyRemoteFeatures(deps.siteFeatures, config.features) })
    deps.onramp.setProviders(remoteOnrampProviders(config.features) ?? DEFAULT_ONRAMP_PROVIDERS)
  } catch {
    deps.features.set({ current: withoutLogins(deps.siteFeatures) })
    deps.onramp.setProviders(DEFAULT_ONRAMP_PROVIDERS)
  }
}
