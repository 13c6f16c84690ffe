import { FrameRequestError } from '../errors.ts'

// The app's payloads arrive as untyped data; these read one field each or answer a clear error.
// The server validates again: these only keep the frame from sending it nonsense.

/** The payload as a record; a missing payload is an empty one. */
export function payloadRecord(payload: unknown): Record<string, unknown> {
  if (payload === undefined || payload === null) return {}
  if (typeof payload !== 'object' || Array.isArray(payload)) {
    throw new FrameRequestError('Invalid request: payload must be an object')
  }
  return payload as Record<string, unknown>
}

/** A non-empty string field. */
export function stringField(payload: Record<string, unknown>, key: string): string {
  const value = payload[key]
  if (typeof value !== 'string' || value.length === 0) {
    throw new FrameRequestError(`Invalid request: ${key} must be a string`)
  }
  return value
}

/** A string field that may be absent; present, it must be a non-empty string. */
export function optionalStringField(
  payload: Record<string, unknown>,
  key: string,
): string | undefined {
  return payload[key] === undefined ? undefined : stringField(payload, key)
}

/** A chain id field: a positive safe integer. */
export function chainIdField(payload: Record<string, unknown>, key: string): number {
  const value = payload[key]
  if (!isChainId(value)) {
    throw new FrameRequestError(`Invalid request: ${key} must be a positive integer`)
  }
  return value
}

/** Like chainIdField, but undefined when the field is absent. */
export function optionalChainIdField(
  payload: Record<string, unknown>,
  key: string,
): number | undefined {
  return payload[key] === undefined ? undefined : chainIdField(payload, key)
}

/** Whether `value` is a usable chain id. */
export function isChainId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}
