/** Names of the events the kit tracks; add a name here to track a new one. */
export const EVENT_NAMES = [
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'SIWX_AUTH_SUCCESS',
  'SIWX_AUTH_ERROR',
  'CLICK_CANCEL_SIWX',
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'ERROR_FETCH_TRANSACTIONS',
] as const

export type EventName = (typeof EVENT_NAMES)[number]

/** 'track' for product analytics, 'error' for error telemetry (capped at 5 per minute). */
export type EventType = 'track' | 'error'

/** How a wallet got connected, as CONNECT_SUCCESS reports it. */
export type ConnectSuccessMethod = 'qrcode' | 'mobile' | 'browser' | 'email' | 'social'

export type EventProperties = Readonly<Record<string, string | number | boolean | null | undefined>>

/** Properties of the events whose shape the kit fixes; the others take any EventProperties. */
export type KnownEventProperties = {
  CONNECT_SUCCESS: { method: ConnectSuccessMethod; name: string; walletId?: string }
  MODAL_OPEN: { connected: boolean }
  MODAL_CLOSE: { connected: boolean }
}

/** One tracked event. */
export type LatchEvent = {
  [Name in EventName]: {
    type: EventType
    event: Name
    properties?: Name extends keyof KnownEventProperties
      ? KnownEventProperties[Name]
      : EventProperties
  }
}[EventName]

export type EventsState = {
  /** The last event emitted, undefined before the first. */
  lastEvent: LatchEvent | undefined
  /** When the last event was emitted, in ms since the epoch. */
  timestamp: number | undefined
}

export type EventListener = (event: LatchEvent, timestamp: number) => void
