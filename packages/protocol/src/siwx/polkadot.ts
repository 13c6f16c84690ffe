import { isSs58Address } from '../polkadotAddress.ts'
import {
  type Caip122Family,
  type Caip122Message,
  formatCaip122Message,
  parseCaip122Message,
} from './caip122.ts'

/** What follows the domain on the first line of a Polkadot sign-in message (CAIP-122). */
export const SIWP_HEADER_SUFFIX = ' wants you to sign in with your Polkadot account:'

/**
 * A Polkadot sign-in message: CAIP-122's fields with an SS58 address (the server checks its prefix
 * is the chain's). `chainId` is the CAIP-2 id (`polkadot:91b171bb158e2d3848fa23a9f1c25182`) or its
 * reference. The wallet signs the text with `signRaw`, which wraps it in `<Bytes>...</Bytes>`.
 */
export type SiwpMessage = Caip122Message

/** A message that does not follow the format; the text names the first wrong field. */
export class SiwpMessageError extends Error {
  override name = 'SiwpMessageError'
  constructor(problem: string) {
    super(`Invalid Polkadot sign-in message: ${problem}`)
  }
}

const POLKADOT: Caip122Family = {
  headerSuffix: SIWP_HEADER_SUFFIX,
  isAddress: (address) => isSs58Address(address),
  addressProblem: 'address on the second line must be a Polkadot (SS58) address',
  error: (problem) => new SiwpMessageError(problem),
}

/** The text of a Polkadot sign-in message; `parseSiwpMessage` reads it back. */
export function formatSiwpMessage(message: SiwpMessage): string {
  return formatCaip122Message(POLKADOT, message)
}

/**
 * Reads a Polkadot sign-in message. With `required`, those fields must be present. Throws a
 * SiwpMessageError naming the first field missing or invalid.
 */
export function parseSiwpMessage(
  text: string,
  required: readonly (keyof SiwpMessage)[] = [],
): SiwpMessage {
  return parseCaip122Message(POLKADOT, text, required)
}
