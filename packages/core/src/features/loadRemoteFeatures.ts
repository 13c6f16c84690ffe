import type { ApiClient } from '../api/client.ts'
import type { OnrampController } from '../onramp/createOnramp.ts'
import { DEFAULT_ONRAMP_PROVIDERS } from '../onramp/defaults.ts'
import type { Features } from '../options/types.ts'
import type { Store } from '../store.ts'
import { applyRemoteFeatures, remoteOnrampProviders } from './remoteFeatures.ts'

/**
 * Narrows the site's features by its project's settings on the server, and takes the on-ramp
 * providers from there; when the server cannot say, the site's own features stand with the
 * default providers.
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
    deps.onramp.setProviders(DEFAULT_ONRAMP_PROVIDERS)
  }
}
