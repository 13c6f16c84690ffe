import { APP_MESSAGE_PREFIX, type FrameRequestName } from '@latch/protocol/frame'
import { isFrameRequestName } from './requestNames.ts'

/** The parts of a MessageEvent the frame looks at. */
export type IncomingMessage = { source: unknown; origin: string; data: unknown }

/** A request from the app that passed every check; its payload is still unchecked data. */
export type AcceptedRequest = { name: FrameRequestName; id: string; payload: unknown }

/** Longest request id accepted; the app's ids are short, a huge one is not from it. */
const MAX_ID_LENGTH = 128

/**
 * The app's request in `message`, or null when it must be ignored: not from the parent window, not
 * from the parent's origin, not an `@latch-app/` message with a string id, or an unknown name.
 */
export function acceptAppMessage(
  message: IncomingMessage,
  expected: { source: unknown; origin: string },
): AcceptedRequest | null {
  if (message.source !== expected.source || message.origin !== expected.origin) return null
  const data = message.data
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null
  const { type, id, payload } = data as { type?: unknown; id?: unknown; payload?: unknown }
  if (typeof type !== 'string' || !type.startsWith(APP_MESSAGE_PREFIX)) return null
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) return null
  const name = type.slice(APP_MESSAGE_PREFIX.length)
  if (!isFrameRequestName(name)) return null
  return { name, id, payload }
}
