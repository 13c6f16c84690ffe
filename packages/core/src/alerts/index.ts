export { type AlertsController, createAlerts } from './createAlerts.ts'
export { KNOWN_ALERTS, type KnownAlertId } from './knownAlerts.ts'
export type { AlertState, AlertVariant, KnownAlert } from './types.ts'
