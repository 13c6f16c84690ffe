/**
 * An EIP-4361 (Sign-In with Ethereum) message, field by field. Times are RFC 3339 strings, kept
 * as written so that `parseSiweMessage(formatSiweMessage(message))` gives back `message`.
 */
export type SiweMessage = {
  /** The URI scheme of the origin, when the message names one (`https`). */
  scheme?: string
  /** The RFC 3986 authority asking for the sign-in (`example.com`, `localhost:5173`). */
  domain: string
  /** The signing account; formatted EIP-55 checksummed. */
  address: `0x${string}`
  /** A human-readable assertion the user signs; one line. */
  statement?: string
  uri: string
  version: '1'
  /** EIP-155 chain id. */
  chainId: number
  /** At least 8 letters or digits, from the server. */
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** A field of the message, as errors name it. */
export type SiweField = keyof SiweMessage | 'message'
