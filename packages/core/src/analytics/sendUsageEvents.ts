import type { AlertsController } from '../alerts/index.ts'
import type { EventsController } from '../events/index.ts'
import type { ResolvedOptions } from '../options/types.ts'
import { connectAnalytics } from './connectAnalytics.ts'
import { analyticsAllowed } from './privacy.ts'

/**
 * Usage and error events for the project's owner (none without a project id, to which they would
 * belong): the sender's code loads with the first event, and reads the visitor's privacy signals
 * only then, so nothing touches the page before.
 */
export function sendUsageEvents(deps: {
  options: Pick<ResolvedOptions, 'projectId' | 'projectIdMissing' | 'features'>
  serverUrl: string
  fetch?: typeof fetch | undefined
  events: Pick<EventsController, 'subscribe'>
  alerts: Pick<AlertsController, 'raise'>
}): void {
  const { options } = deps
  if (options.projectIdMissing) return
  connectAnalytics(deps.events, async () => {
    if (!analyticsAllowed(options.features.analytics)) return undefined
    const [{ createSender }, { browserPage }] = await Promise.all([
      import('./createSender.ts'),
      import('./browserPage.ts'),
    ])
    return createSender({
      serverUrl: deps.serverUrl,
      projectId: options.projectId,
      alerts: deps.alerts,
      page: browserPage(),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    })
  })
}
