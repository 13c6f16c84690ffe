import type { ApiClient } from '../api/client.ts'
import { loadRemoteFeatures } from '../features/loadRemoteFeatures.ts'
import type { SiteFeatures } from '../features/siteFeatures.ts'
import type { OnrampController } from '../onramp/createOnramp.ts'
import type { ResolvedOptions } from '../options/types.ts'
import { visitorTimezone } from '../region/restrictedRegion.ts'
import { checkServer } from './checkServer.ts'
import type { SetupReport } from './createSetupReport.ts'
import { reportOptionMistakes } from './reportOptionMistakes.ts'

/**
 * `latch.start()`: what runs once, on the client. The option mistakes are said there (a server
 * render makes an instance for every request, and a line each would bury the server's log), the
 * region read, the families loaded with their sessions restored, and the server asked for the
 * project's settings and checked; the same promise for every later call.
 */
export function startLatch(deps: {
  options: ResolvedOptions
  hasEvm: boolean
  serverUrl: string
  api: ApiClient
  report: SetupReport
  siteFeatures: SiteFeatures
  /** Loads every family and restores their sessions. */
  startFamilies(): Promise<void>
  onramp: Pick<OnrampController, 'setProviders'>
}): () => Promise<void> {
  const { options, api, report } = deps
  let started: Promise<void> | undefined
  return () => {
    started ??= (async () => {
      reportOptionMistakes({ options, hasEvm: deps.hasEvm, report })
      const siteFeatures = deps.siteFeatures.applyRegion(visitorTimezone())
      // The browser's wallets are listed, and their sessions restored, whatever the server says;
      // without a project id (reported above) there is nothing to ask it.
      await Promise.all([
        deps.startFamilies(),
        ...(options.projectIdMissing
          ? []
          : [
              checkServer({ api, serverUrl: deps.serverUrl, projectId: options.projectId, report }),
              loadRemoteFeatures({
                api,
                siteFeatures,
                features: deps.siteFeatures.store,
                onramp: deps.onramp,
              }),
            ]),
      ])
    })()
    return started
  }
}
