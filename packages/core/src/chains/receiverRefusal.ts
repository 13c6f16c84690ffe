import type { Text } from '@latch/protocol/i18n'
import { LatchError } from '../errors.ts'
import { phrase } from '../i18n/phrases.ts'

/** "Invalid receiver address", then the rule the address broke, in the visitor's language. */
export const invalidReceiverBecause = (rule: Text): Text =>
  phrase('send.invalidReceiverBecause', { rule: { text: rule } })

/**
 * A refused receiver told with the rule in the error's details (Bitcoin's and Polkadot's name the
 * network an address of another network belongs to), or undefined when the error gives none.
 */
export function ruleInDetails(error: unknown): Text | undefined {
  const details = error instanceof LatchError ? error.details : undefined
  return details ? invalidReceiverBecause(details) : undefined
}
