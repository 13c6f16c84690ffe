import type { SiweField } from './types.ts'

/** A message that does not follow EIP-4361; `field` is the first field found wrong. */
export class SiweMessageError extends Error {
  readonly field: SiweField
  /** What is wrong with the field, without the prefix. */
  readonly shortMessage: string

  constructor(field: SiweField, problem: string) {
    super(`Invalid SIWE message: ${field} ${problem}`)
    this.name = 'SiweMessageError'
    this.field = field
    this.shortMessage = `${field} ${problem}`
  }
}
