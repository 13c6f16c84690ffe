import { type ApiClient, HttpStatusError } from '../api/client.ts'
import type { AlertsController } from './createAlerts.ts'

/**
 * The server refuses a page whose origin the project does not list (403), or a project id it does
 * not know (401): each raises its alert for the site's developer. Other failures count as an empty
 * list and raise nothing.
 */
export async function checkOrigin(deps: {
  api: Pick<ApiClient, 'projectOrigins'>
  alerts: Pick<AlertsController, 'raise'>
}): Promise<void> {
  const origin = globalThis.location?.origin
  if (!origin) return
  try {
    await deps.api.projectOrigins()
  } catch (error) {
    if (!(error instanceof HttpStatusError) || (error.status !== 403 && error.status !== 401))
      return
    // The alerts' texts load only when one is raised.
    const { KNOWN_ALERTS, originNotAllowedAlert } = await import('./knownAlerts.ts')
    deps.alerts.raise(
      error.status === 401 ? KNOWN_ALERTS.invalidProjectId : originNotAllowedAlert(origin),
    )
  }
}
