import type { AlertsController } from '../alerts/index.ts'
import type { EventsController } from '../events/index.ts'
import { createLogBuffer, type LogBuffer } from './createLogBuffer.ts'

/**
 * The support log: every event (errors included, as the visitor saw them) and every alert as it
 * opens (an alert shown again with the same message is one line).
 */
export function collectLogs(deps: {
  events: Pick<EventsController, 'subscribe'>
  alerts: Pick<AlertsController, 'state'>
}): LogBuffer {
  const logs = createLogBuffer()
  deps.events.subscribe((event) =>
    logs.add(event.type === 'error' ? 'error' : 'info', event.event, event.properties),
  )
  deps.alerts.state.subscribe((state, previous) => {
    if (state.open && !(previous.open && previous.message === state.message))
      logs.add(state.variant === 'error' ? 'error' : 'warn', state.title ?? 'alert', state.message)
  })
  return logs
}
