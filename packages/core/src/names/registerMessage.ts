import { formatReadableRegisterNameMessage, type RegisterNameMessage } from '@latch/protocol/names'

/**
 * The text a wallet signs to register `name` for `address`: readable, a field a line (name,
 * address, attributes, the time in UTC), so the visitor sees what they sign; the server checks the
 * same fields as in the JSON form earlier clients sign. The time must be within a few minutes of
 * the server's clock.
 * @example buildRegisterNameMessage({ name: 'alice.latch.id', address, nowMs: Date.now() })
 */
export function buildRegisterNameMessage(input: {
  name: string
  address: string
  nowMs: number
  attributes?: NonNullable<RegisterNameMessage['attributes']>
}): string {
  return formatReadableRegisterNameMessage({
    name: input.name,
    address: input.address,
    attributes: input.attributes ?? {},
    timestamp: Math.floor(input.nowMs / 1000),
  })
}
