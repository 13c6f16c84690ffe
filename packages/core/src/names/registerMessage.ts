import type { RegisterNameMessage } from '@latch/protocol/names'

/**
 * The text a wallet signs to register `name`: the JSON of `{ name, attributes, timestamp }`, the
 * timestamp in unix seconds (the server refuses one more than a few minutes from its clock).
 * @example buildRegisterNameMessage('alice.latch.id', Date.now())
 */
export function buildRegisterNameMessage(
  name: string,
  nowMs: number,
  attributes: NonNullable<RegisterNameMessage['attributes']> = {},
): string {
  const message: RegisterNameMessage = { name, attributes, timestamp: Math.floor(nowMs / 1000) }
  return JSON.stringify(message)
}
