/** Names of the events the kit tracks; add a name here to track a new one. */
export const EVENT_NAMES = [
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'SELECT_METHOD',
  'SELECT_WALLET',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'SIWX_AUTH_SUCCESS',
  'SIWX_AUTH_ERROR',
  'CLICK_CANCEL_SIWX',
  'SEND_SUCCESS',
  'SEND_ERROR',
  'SWAP_SUCCESS',
  'SWAP_ERROR',
  'BUY_STARTED',
  'ERROR_FETCH_TRANSACTIONS',
  'KIT_ERROR',
] as const

export type EventName = (typeof EVENT_NAMES)[number]

/** 'track' for product analytics, 'error' for error telemetry (capped at 5 per minute). */
export type EventType = 'track' | 'error'

/** How a wallet got connected, as CONNECT_SUCCESS reports it. */
export type ConnectSuccessMethod =
  | 'qrcode'
  | 'mobile'
  | 'browser'
  | 'email'
  | 'social'
  | 'farcaster'

/** The way to connect a visitor picked on the Connect view, as SELECT_METHOD reports it. */
export type SelectedMethod = 'email' | 'social' | 'wallet' | 'walletconnect' | 'farcaster'

/** Where a picked wallet connects: this browser, a QR code, or a phone by deep link. */
export type WalletPlatform = 'browser' | 'qrcode' | 'mobile'

export type EventProperties = Readonly<Record<string, string | number | boolean | null | undefined>>

/**
 * Properties of the events whose shape the kit fixes; the others take any EventProperties. None
 * holds personal data: no address, email, typed name, IP or user agent.
 */
export type KnownEventProperties = {
  MODAL_OPEN: { connected: boolean }
  MODAL_CLOSE: { connected: boolean }
  SELECT_METHOD: { method: SelectedMethod }
  SELECT_WALLET: { name: string; walletId?: string; platform: WalletPlatform }
  CONNECT_SUCCESS: { method: ConnectSuccessMethod; name: string; walletId?: string; chain?: string }
  /** `message` is the sentence the visitor saw (displayMessage). */
  CONNECT_ERROR: { message: string; method: ConnectSuccessMethod; name?: string }
  SIWX_AUTH_SUCCESS: { chain?: string }
  SIWX_AUTH_ERROR: { chain?: string; message?: string }
  CLICK_CANCEL_SIWX: { chain?: string }
  SEND_SUCCESS: { chain: string; token: string }
  SEND_ERROR: { chain: string; token: string; message: string }
  SWAP_SUCCESS: { chain: string; from: string; to: string }
  SWAP_ERROR: { chain: string; from: string; to: string; message: string }
  BUY_STARTED: { provider: string; chain: string; token: string; fiat: string }
  ERROR_FETCH_TRANSACTIONS: { chain?: string }
  KIT_ERROR: { message: string; view: string; chain?: string; version: string }
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
