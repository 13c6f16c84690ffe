import { type ApiClient, HttpStatusError } from '../api/client.ts'
import type { AlertsController } from './createAlerts.ts'

/**
 * The server refuses a page whose origin the project does not list: that raises an alert for the
 * site's developer. Other failures count as an empty list and raise nothing.
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
    if (error instanceof HttpStatusError && error.status === 403) {
      // The alerts' texts load only when one is raised.
      const { originNotAllowedAlert } = await import('./knownAlerts.ts')
      deps.alerts.raise(originNotAllowedAlert(origin))
    }
  }
}
