import { isBitcoinAddress } from '../bitcoinAddress.ts'
import {
  type Caip122Family,
  type Caip122Message,
  formatCaip122Message,
  parseCaip122Message,
} from './caip122.ts'

/** What follows the domain on the first line of a Sign In With Bitcoin message (CAIP-122). */
export const SIWB_HEADER_SUFFIX = ' wants you to sign in with your Bitcoin account:'

/**
 * A Sign In With Bitcoin message: CAIP-122's fields with a Bitcoin address (of any network; the
 * server checks it is the network's). `chainId` is the CAIP-2 id (`bip122:000000000019d6689c...`)
 * or its reference. The wallet signs the text with BIP-322 (simple) or BIP-137.
 */
export type SiwbMessage = Caip122Message

/** A message that does not follow the format; the text names the first wrong field. */
export class SiwbMessageError extends Error {
  override name = 'SiwbMessageError'
  constructor(problem: string) {
    super(`Invalid Sign In With Bitcoin message: ${problem}`)
  }
}

const BITCOIN: Caip122Family = {
  headerSuffix: SIWB_HEADER_SUFFIX,
  isAddress: (address) => isBitcoinAddress(address),
  addressProblem: 'address on the second line must be a Bitcoin address',
  error: (problem) => new SiwbMessageError(problem),
}

/** The text of a Sign In With Bitcoin message; `parseSiwbMessage` reads it back. */
export function formatSiwbMessage(message: SiwbMessage): string {
  return formatCaip122Message(BITCOIN, message)
}

/**
 * Reads a Sign In With Bitcoin message. With `required`, those fields must be present. Throws a
 * SiwbMessageError naming the first field missing or invalid.
 */
export function parseSiwbMessage(
  text: string,
  required: readonly (keyof SiwbMessage)[] = [],
): SiwbMessage {
  return parseCaip122Message(BITCOIN, text, required)
}
