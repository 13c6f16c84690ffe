import type {
  ConnectedUser,
  FrameEventName,
  FrameEvents,
  FrameRequestName,
  FrameRequests,
  SocialLoginProvider,
} from '@latch/protocol/frame'
import type { Text } from '@latch/protocol/i18n'
import type { ReadableStore } from '../store.ts'

export { defaultTimers, type Timers } from '../platform/timers.ts'

/** The wallet frame goes from not ready to ready; `failed` after the load timeout. */
export type FrameStatus = 'unloaded' | 'loading' | 'ready' | 'failed'

/** Where the frame is drawn, in viewport pixels (the ApproveTransaction view's placeholder). */
export type FrameBox = { top: number; left: number; width: number; height: number }

/** The window messages are posted to: the iframe's contentWindow. */
export type FrameWindow = { postMessage(message: unknown, targetOrigin: string): void }

/** The frame element the client drives: made on first need, hidden unless an approval shows. */
export type FrameHost = {
  /** The frame's window; a message counts only when its `source` is this very object. */
  readonly window: FrameWindow | null
  show(box: FrameBox): void
  hide(): void
  /** Moves keyboard focus into the frame (its approval buttons). */
  focus(): void
  remove(): void
}

/** What a message listener is given: the parts of a MessageEvent the client checks. */
export type IncomingMessage = { data: unknown; origin: string; source: unknown }

/** Where messages from the frame arrive: the page's window. */
export type MessageSource = {
  addEventListener(type: 'message', listener: (event: IncomingMessage) => void): void
  removeEventListener(type: 'message', listener: (event: IncomingMessage) => void): void
}

export type FrameRequestOptions = {
  /** Default FRAME_REQUEST_TIMEOUT_MS; null waits as long as it takes. */
  timeoutMs?: number | null
  /** Whether a timeout raises 'Embedded Wallet Request Timed Out' (default true). */
  alertOnTimeout?: boolean
}

/** The kit's side of the wallet-frame protocol (packages/protocol/src/frame.ts). */
export type FrameClient = {
  /** The frame's origin: messages go to it and are accepted only from it. */
  readonly origin: string
  readonly state: ReadableStore<{ status: FrameStatus }>
  /** Adds the frame to the page (once); resolves when it is ready, rejects when it failed to load. */
  mount(): Promise<void>
  /** Sends one request and waits for its answer, up to the frame's request timeout. */
  request<Name extends FrameRequestName>(
    name: Name,
    payload: FrameRequests[Name]['payload'],
    options?: FrameRequestOptions,
  ): Promise<FrameRequests[Name]['result']>
  /** Listens to an event the frame raises on its own; returns the unsubscribe. */
  on<Name extends FrameEventName>(
    name: Name,
    listener: (payload: FrameEvents[Name]) => void,
  ): () => void
  show(box: FrameBox): void
  hide(): void
  /** Moves keyboard focus into the frame, e.g. onto its approval buttons. */
  focus(): void
  /** Removes the frame and fails the requests still waiting. */
  destroy(): void
}

/** Where the email or social login stands. */
export type EmbeddedStep =
  | 'idle'
  | 'verifyDevice'
  | 'verifyOtp'
  | 'social'
  | 'connected'
  | 'updateEmail'
  | 'updatePrimaryOtp'
  | 'updateSecondaryOtp'

/**
 * Where a Farcaster login stands: opening its channel, waiting for the visitor's app, or ended
 * (declined in the app, the channel expired, or an error such as the network failing).
 */
export type FarcasterStatus = 'starting' | 'waiting' | 'declined' | 'expired' | 'error'

export type FarcasterLoginState = {
  status: FarcasterStatus
  /** The channel's URL, shown as a QR code (and a link on phones) while waiting. */
  url?: string
  /** What went wrong, worded for the visitor (status `error`). */
  error?: string
}

/** The state of `latch.embedded`. */
export type EmbeddedState = {
  step: EmbeddedStep
  frame: FrameStatus
  /** The address a code was sent to. */
  email?: string
  /** What went wrong last, worded for the visitor; cleared by the next attempt. */
  error?: Text
  user?: ConnectedUser
  socialProvider?: SocialLoginProvider
  /** When the last email login was sent: a second one within 30 s is refused. */
  lastEmailAttemptAt?: number
  /** When 'Resend code' may be used again, in ms since the epoch. */
  resendAvailableAt?: number
  /** A request to the frame is in flight. */
  pending: boolean
  /** The new address while the email is being updated. */
  newEmail?: string
  /** The Farcaster login in progress or just ended; unset when none was started. */
  farcaster?: FarcasterLoginState
}

/** A popup window as the social login drives it. */
export type PopupWindow = {
  readonly closed: boolean
  location: { href: string }
  close(): void
}
