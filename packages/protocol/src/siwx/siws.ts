import { isSolanaAddress } from '../solanaAddress.ts'
import {
  type Caip122Family,
  type Caip122Message,
  formatCaip122Message,
  parseCaip122Message,
} from './caip122.ts'

/** What follows the domain on the first line of a Sign In With Solana message. */
export const SIWS_HEADER_SUFFIX = ' wants you to sign in with your Solana account:'

/**
 * A Sign In With Solana message: CAIP-122's fields as Solana wallets write them for
 * `solana:signIn`. `address` is a base58 public key; `chainId` as the wallet wrote it: a cluster
 * (`mainnet`, `devnet`, `testnet`, `localnet`), `solana:<cluster>` or a CAIP-2 id or reference.
 */
export type SiwsMessage = Caip122Message

/** A message that does not follow the format; the text names the first wrong field. */
export class SiwsMessageError extends Error {
  override name = 'SiwsMessageError'
  constructor(problem: string) {
    super(`Invalid SIWS message: ${problem}`)
  }
}

const SOLANA: Caip122Family = {
  headerSuffix: SIWS_HEADER_SUFFIX,
  isAddress: isSolanaAddress,
  addressProblem: 'address on the second line must be a Solana address',
  error: (problem) => new SiwsMessageError(problem),
}

/**
 * The text of a Sign In With Solana message, as Solana wallets write it: the header and address,
 * then the statement after a blank line when there is one, then the fields given, after a blank
 * line. `parseSiwsMessage` reads it back.
 */
export function formatSiwsMessage(message: SiwsMessage): string {
  return formatCaip122Message(SOLANA, message)
}

/**
 * Reads a Sign In With Solana message. With `required`, those fields must be present (a sign-in
 * server needs uri, version, nonce and issuedAt). Throws a SiwsMessageError naming the first
 * field missing or invalid.
 */
export function parseSiwsMessage(
  text: string,
  required: readonly (keyof SiwsMessage)[] = [],
): SiwsMessage {
  return parseCaip122Message(SOLANA, text, required)
}
